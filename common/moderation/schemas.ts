import { z } from 'zod';
import { Id } from '../params';

/**
 * Reports, moderators and the review queue. A member reports a post, comment, direct message or
 * profile; moderators of a group (and admins, for everything) review open reports per item.
 */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'message', 'user'] as const;
export const ReportTargetType = z.enum(REPORT_TARGET_TYPES);
export type ReportTargetType = z.infer<typeof ReportTargetType>;

export const REPORT_REASON_VALUES = ['spam', 'harassment', 'self_harm', 'other'] as const;
export const ReportReason = z.enum(REPORT_REASON_VALUES);
export type ReportReason = z.infer<typeof ReportReason>;

/** The labels the report dialog and the queue show for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  self_harm: 'Someone may be at risk of self-harm',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

/** POST app/report: what is reported and why; `other` needs a note (note_required_for_other). */
export const CreateReportRequest = z.object({
  targetType: ReportTargetType,
  targetId: Id,
  reason: ReportReason,
  note: z.string().trim().max(REPORT_NOTE_MAX, `At most ${REPORT_NOTE_MAX} characters`).default(''),
});
export type CreateReportRequest = z.input<typeof CreateReportRequest>;

/** The answer to a report: the thanks text, and the site's crisis resources for a self-harm report. */
export const ReportAnswer = z.object({
  _id: z.string(),
  message: z.string(),
  crisisResources: z.string().nullable(),
});
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/** The text shown when an admin has not written the crisis resources yet. */
export const CRISIS_RESOURCES_UNSET =
  'If someone is in immediate danger, call your local emergency number. (Site admins: set the crisis resources text in Admin → Site settings.)';

export const MODERATION_ACTION_TYPES = [
  'dismiss',
  'hide',
  'unhide',
  'delete',
  'warn',
  'mute',
  'remove',
  'suspend',
] as const;
export const ModerationActionType = z.enum(MODERATION_ACTION_TYPES);
export type ModerationActionType = z.infer<typeof ModerationActionType>;
export const MUTE_DAYS = [1, 7, 30] as const;

/** POST app/moderation/case/{id}/action: one action, always with a reason; `days` for a mute. */
export const ModerationActionRequest = z.object({
  action: ModerationActionType,
  reason: z.string().trim().min(1, 'Write a reason').max(MODERATION_REASON_MAX),
  days: z.union([z.literal(1), z.literal(7), z.literal(30)]).optional(),
});
export type ModerationActionRequest = z.input<typeof ModerationActionRequest>;

const Person = z.object({ _id: z.string(), name: z.string(), username: z.string() });

export const QueueReport = z.object({
  _id: z.string(),
  reason: ReportReason,
  note: z.string(),
  reporter: Person,
  createdAt: z.string(),
});

export const LogEntry = z.object({
  _id: z.string(),
  action: z.string(),
  targetType: ReportTargetType,
  targetId: z.string(),
  reason: z.string(),
  actor: Person.nullable(),
  subject: Person.nullable(),
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

/** One queue item: the reported thing with its context, the author's history and every report. */
export const QueueItem = z.object({
  _id: z.string(),
  status: z.enum(['open', 'closed']),
  targetType: ReportTargetType,
  targetId: z.string(),
  /** the item's text as it is now (a profile: its bio); null when it was deleted */
  text: z.string().nullable(),
  hidden: z.boolean(),
  itemCreatedAt: z.string().nullable(),
  link: z.string().nullable(),
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  author: Person.extend({
    joinedAt: z.string(),
    posts: z.number().int(),
    earlierReports: z.number().int(),
    earlierActions: z.array(LogEntry),
    suspended: z.boolean(),
  }),
  reports: z.array(QueueReport),
  createdAt: z.string(),
  /** what the caller may do with it */
  actions: z.array(ModerationActionType),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QueueAnswer = z.object({ items: z.array(QueueItem), log: z.array(LogEntry) });
export type QueueAnswer = z.infer<typeof QueueAnswer>;

export const ActionAnswer = z.object({ item: QueueItem });

export const Moderator = z.object({ _id: z.string(), name: z.string(), username: z.string(), since: z.string() });
export const ModeratorListAnswer = z.object({
  moderators: z.array(Moderator),
  /** the group's approved members who could be appointed */
  candidates: z.array(Person),
  mayAppoint: z.boolean(),
});
export type ModeratorListAnswer = z.infer<typeof ModeratorListAnswer>;
export const AppointModeratorRequest = z.object({ userId: Id });
export const ModeratorParams = z.object({ id: Id, userId: Id });

/** What the signed-in member must see: unacknowledged warnings; where they moderate. */
export const Warning = z.object({
  _id: z.string(),
  reason: z.string(),
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export const MyModerationAnswer = z.object({
  warnings: z.array(Warning),
  /** groups whose review queue the caller may open */
  moderates: z.array(z.object({ _id: z.string(), name: z.string() })),
  isAdmin: z.boolean(),
});
export type MyModerationAnswer = z.infer<typeof MyModerationAnswer>;
export const AcknowledgedAnswer = z.object({ acknowledged: z.literal(true) });
