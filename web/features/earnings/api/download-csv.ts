import { getFile } from '@web/api/client';
import { saveFile } from '@web/components/save-file';

/** GET a CSV export (app/facilitator/members.csv, revenue.csv) and save it under the server's name. */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const file = await getFile(path);
  if (file) saveFile(file.blob, file.fileName ?? fallbackName);
}

export const membersCsvPath = (tierId: string | null) =>
  `app/facilitator/members.csv${tierId ? `?tierId=${encodeURIComponent(tierId)}` : ''}`;

export const revenueCsvPath = (period: string) => `app/facilitator/revenue.csv?period=${period}`;
