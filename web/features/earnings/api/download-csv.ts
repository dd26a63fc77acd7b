import { ApiError, getToken, redirectToLogin } from '@web/api/client';

/** The name a Content-Disposition header gives, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * GET a CSV export (app/facilitator/members.csv, revenue.csv) and save it. The token lives in
 * localStorage, so a plain link cannot carry it: the file is fetched with the Authorization
 * header, read as a Blob and handed to the browser through a temporary <a download>.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(`/api/${path}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (res.status === 401) {
    redirectToLogin();
    return;
  }
  if (res.status !== 200) {
    let body: unknown;
    try {
      body = JSON.parse(await res.text());
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked on the next task: some browsers start the download only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const membersCsvPath = (tierId: string | null) =>
  `app/facilitator/members.csv${tierId ? `?tierId=${encodeURIComponent(tierId)}` : ''}`;

export const revenueCsvPath = (period: string) => `app/facilitator/revenue.csv?period=${period}`;
