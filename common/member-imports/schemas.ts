import { z } from 'zod';
import { Id } from '../params';

/** The largest CSV a facilitator may upload: a few hundred thousand members. */
export const MEMBER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** How many rows the preview lists (the counts cover every row). */
export const PREVIEW_ROWS = 500;

export const IMPORT_FORMATS = ['patreon', 'ghost', 'substack', 'kajabi', 'other'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const FORMAT_LABELS: Record<ImportFormat, string> = {
  patreon: 'Patreon',
  ghost: 'Ghost',
  substack: 'Substack',
  kajabi: 'Kajabi',
  other: 'Other CSV',
};

/**
 * What a column fills. `subscribed` (yes/no, no = opted out of mail) and `unsubscribed` (yes =
 * opted out) carry a source's mail consent; `status` a membership status (a former or declined
 * member joins no tier).
 */
export const IMPORT_FIELDS = [
  'ignore',
  'email',
  'name',
  'tier',
  'until',
  'notes',
  'stripeCustomerId',
  'subscribed',
  'unsubscribed',
  'status',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const FIELD_LABELS: Record<ImportField, string> = {
  ignore: 'Ignore',
  email: 'Email',
  name: 'Name',
  tier: 'Tier',
  until: 'Complimentary until',
  notes: 'Notes',
  stripeCustomerId: 'Stripe customer id',
  subscribed: 'Subscribed to emails (yes/no)',
  unsubscribed: 'Unsubscribed (yes/no)',
  status: 'Member status',
};

export const ROW_OUTCOMES = ['new_account', 'joins_tier', 'no_change', 'error'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'done'] as const;
export const MAIL_CHOICES = ['none', 'now', 'scheduled'] as const;

/** One tier value found in the file and the tier it maps to (null: no tier). */
export const TierValueAnswer = z.object({ value: z.string(), tierId: z.string().nullable(), rows: z.number() });

export const ImportCounts = z.object({
  rows: z.number(),
  newAccounts: z.number(),
  joinsTier: z.number(),
  noChange: z.number(),
  errors: z.number(),
  mails: z.number(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

/** The import as its facilitator sees it: the file, its mapping and where the run stands. */
export const MemberImportAnswer = z.object({
  _id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  headers: z.array(z.string()),
  columns: z.array(z.enum(IMPORT_FIELDS)),
  tierValues: z.record(z.string(), z.string().nullable()),
  status: z.enum(IMPORT_STATUSES),
  mail: z.enum(MAIL_CHOICES),
  rowsTotal: z.number(),
  rowsDone: z.number(),
  /** counts of the rows processed so far (all zero before the run) */
  counts: ImportCounts,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MemberImportAnswer = z.infer<typeof MemberImportAnswer>;

export const ImportParams = z.object({ id: Id });

/** The column mapping and tier values a preview or a run reads the file with. */
export const ImportMapping = z.object({
  columns: z.array(z.enum(IMPORT_FIELDS)).max(200),
  /** lower-cased file value → tier id, or null for no tier; values left out match tiers by name */
  tierValues: z.record(z.string().max(200), Id.nullable()).default({}),
});
export type ImportMapping = z.input<typeof ImportMapping>;

export const PreviewRow = z.object({
  row: z.number(),
  email: z.string(),
  name: z.string(),
  outcome: z.enum(ROW_OUTCOMES),
  tier: z.string().nullable(),
  /** why an error, or what changes */
  reason: z.string(),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const PreviewAnswer = z.object({
  counts: ImportCounts,
  rows: z.array(PreviewRow),
  tierValues: z.array(TierValueAnswer),
  /** the facilitator's tiers, for mapping values by hand */
  tiers: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type PreviewAnswer = z.infer<typeof PreviewAnswer>;

/** POST app/member-imports/{id}/run: the mapping, and when the welcome mails go. */
export const RunImportRequest = ImportMapping.extend({
  mail: z.enum(MAIL_CHOICES),
  /** welcome mails per minute, now or from `mailAt` */
  perMinute: z.number().int().min(1).max(600).default(30),
  mailAt: z.string().datetime({ offset: true }).optional(),
}).refine((r) => r.mail !== 'scheduled' || r.mailAt !== undefined, {
  message: 'Choose when the mails go',
  path: ['mailAt'],
});
export type RunImportRequest = z.input<typeof RunImportRequest>;
