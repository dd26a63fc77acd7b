import type { FastifyInstance } from 'fastify';
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

/** POST app/upload of one file as `token`'s account, as the web's upload field sends it. */
export async function uploadFile(app: FastifyInstance, token: string, bytes: Buffer, name: string) {
  const body = await multipart({}, { name, bytes });
  return app.inject({
    method: 'POST',
    url: '/api/app/upload',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}
