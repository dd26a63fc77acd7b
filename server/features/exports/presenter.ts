import type { ExportAnswer } from '../../../common/exports/schemas';
import type { BusinessExport } from '../../db/schema';

/** An export as its requester sees it, with its download link while it is valid (null otherwise). */
export const presentExport = (row: BusinessExport, downloadUrl: string | null): ExportAnswer => ({
  id: row.id,
  scope: row.scope,
  state: row.state,
  progress: row.state === 'ready' ? 100 : row.progress,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  downloadUrl,
});
