import { z } from 'zod';

/** How long a finished archive can be downloaded before it is deleted. */
export const EXPORT_VALID_HOURS = 24;

export const ExportState = z.enum(['queued', 'running', 'ready', 'failed', 'expired']);
export type ExportState = z.infer<typeof ExportState>;

/** One export as its requester sees it; `downloadUrl` while it is ready and not expired. */
export const ExportAnswer = z.object({
  id: z.string().uuid(),
  scope: z.enum(['business', 'site']),
  state: ExportState,
  progress: z.number().int().min(0).max(100),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type ExportAnswer = z.infer<typeof ExportAnswer>;

export const ExportsAnswer = z.object({ exports: z.array(ExportAnswer) });
export type ExportsAnswer = z.infer<typeof ExportsAnswer>;

export const ExportParams = z.object({ id: z.string().uuid() });
export const DownloadQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().min(1).max(200) });
