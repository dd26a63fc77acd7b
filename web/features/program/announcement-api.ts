import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  AnnouncementAnswer,
  AnnouncementAudienceAnswer,
  AnnouncementListAnswer,
  AnnouncementPreviewAnswer,
  type AnnouncementRequest,
  AnnouncementTestAnswer,
} from '@common/announcements/schemas';
import { api } from '@web/api/client';
import { programKey } from './api/get-program';

export const announcementsKey = [...programKey, 'announcements'] as const;
const audienceKey = [...announcementsKey, 'audience'] as const;
const historyKey = [...announcementsKey, 'history'] as const;
export const ANNOUNCEMENT_PAGE_SIZE = 20;

/** GET app/announcement/audience: my plans and how many members each reaches now. */
export const audienceQueryOptions = () =>
  queryOptions({
    queryKey: audienceKey,
    queryFn: async () => AnnouncementAudienceAnswer.parse(await api.call('app/announcement/audience')),
  });
export const useAnnouncementAudience = () => useQuery(audienceQueryOptions());

/** GET app/announcement?limit=&cursor=: mine, newest first; the next-cursor header pages on. */
export const historyQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: historyKey,
    queryFn: async ({ pageParam }) => {
      const { body, next } = await api.callPage(`app/announcement?limit=${ANNOUNCEMENT_PAGE_SIZE}`, pageParam);
      return { items: AnnouncementListAnswer.parse(body ?? []), next };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
export const useAnnouncementHistory = () => useInfiniteQuery(historyQueryOptions());

/** POST app/announcement/preview: the mail's HTML as a member gets it. */
export const previewAnnouncement = async (request: AnnouncementRequest) =>
  AnnouncementPreviewAnswer.parse(await api.call('app/announcement/preview', request));

/** POST app/announcement/test: the mail to me only. */
export const sendTestAnnouncement = async (request: AnnouncementRequest) =>
  AnnouncementTestAnswer.parse(await api.call('app/announcement/test', request));

/** POST app/announcement: to the members; answers how many it went to. */
export const sendAnnouncement = async (request: AnnouncementRequest) =>
  AnnouncementAnswer.parse(await api.call('app/announcement', request));
