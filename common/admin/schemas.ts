import { z } from 'zod';

// spec 01 §2 Admin screens (Tags, Tag form), §7 Admin calls; issue 8 audit log
export const SaveTagRequest = z.object({ text: z.string().trim().min(1, 'Tag is required').max(40, 'At most 40 characters') });
export type SaveTagRequest = z.infer<typeof SaveTagRequest>;

export const AdminTagAnswer = z.object({ _id: z.string(), text: z.string() });

/** GET admin/audit: who changed what, when (newest first). */
export const AuditEntryAnswer = z.object({
  _id: z.string(),
  admin: z.object({ _id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  date: z.string(),
});
export type AuditEntryAnswer = z.infer<typeof AuditEntryAnswer>;
export const AuditQuery = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
