import { ApiError, api, getToken } from '@web/api/client';

export const EXPORT_FILE_NAME = 'tend-data.json';

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : EXPORT_FILE_NAME;
}

/**
 * GET app/account/export: my data as a JSON file. Read as a blob (api.call would parse it), with
 * the same bearer token, then handed to the browser as a download.
 */
export async function downloadAccountData(): Promise<void> {
  const res = await fetch('/api/app/account/export', { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (res.status !== 200) {
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, res.statusText, body);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the object URL is not needed after this tick
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** POST app/account/delete {password}: removes my account for good. */
export async function deleteAccount(password: string): Promise<void> {
  await api.call('app/account/delete', { password });
}
