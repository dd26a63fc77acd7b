import type { AnnouncementAnswer, AnnouncementAudienceAnswer } from '../../../common/announcements/schemas';
import type { announcements } from '../../db/schema';

type Announcement = typeof announcements.$inferSelect;

export const presentAnnouncement = (a: Announcement, tierName: string | null): AnnouncementAnswer => ({
  _id: a.id,
  tierId: a.tierId,
  tierName,
  subject: a.subject,
  body: a.bodyMarkdown,
  recipientCount: a.recipientCount,
  createdAt: a.createdAt.toISOString(),
});

export const presentAudience = (audience: {
  all: number;
  tiers: { id: string; name: string; count: number }[];
}): AnnouncementAudienceAnswer => ({
  all: audience.all,
  tiers: audience.tiers.map((t) => ({ _id: t.id, name: t.name, recipientCount: t.count })),
});
