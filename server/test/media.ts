export { pngImage, wavTone } from '../../scripts/media-fixtures';

/** A multipart/form-data body for app.inject, built by the platform's own FormData. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
  fileField = 'file',
) {
  const form = new FormData();
  if (file)
    form.append(
      fileField,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}
