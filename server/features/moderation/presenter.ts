import type { LogEntry, ModerationActionType, QueueItem } from '../../../common/moderation/schemas';
import type { ModerationCase } from '../../db/schema';
import type { authorHistory, LogRow, reportsOf } from './queries';
import type { Target } from './target';

const iso = (d: Date) => d.toISOString();

export const presentLog = (row: LogRow): LogEntry => ({
  _id: row.entry.id,
  action: row.entry.action,
  targetType: row.entry.targetType,
  targetId: row.entry.targetId,
  reason: row.entry.reason,
  actor: row.actor?._id ? row.actor : null,
  subject: row.subject?._id ? row.subject : null,
  group: row.group?._id ? row.group : null,
  details: row.entry.details,
  createdAt: iso(row.entry.createdAt),
});

/** A queue item on the wire: the item now, its group, the author's history, every report. */
export function presentItem(parts: {
  kase: ModerationCase;
  target: Target | undefined;
  group: { _id: string; name: string } | null;
  history: Awaited<ReturnType<typeof authorHistory>>;
  reports: Awaited<ReturnType<typeof reportsOf>>;
  actions: ModerationActionType[];
}): QueueItem {
  const { kase, target, history } = parts;
  return {
    _id: kase.id,
    status: kase.status,
    targetType: kase.targetType,
    targetId: kase.targetId,
    text: target?.text ?? null,
    hidden: target?.hidden ?? false,
    itemCreatedAt: target ? iso(target.createdAt) : null,
    link: target?.link ?? null,
    group: parts.group,
    author: {
      _id: history.author._id,
      name: history.author.name,
      username: history.author.username,
      joinedAt: iso(history.author.createdAt),
      posts: history.posts,
      earlierReports: history.earlierReports,
      earlierActions: history.earlierActions.map(presentLog),
      suspended: history.author.suspendedAt !== null,
    },
    reports: parts.reports.map(({ report, reporter }) => ({
      _id: report.id,
      reason: report.reason,
      note: report.note,
      reporter,
      createdAt: iso(report.createdAt),
    })),
    createdAt: iso(kase.createdAt),
    actions: parts.actions,
  };
}
