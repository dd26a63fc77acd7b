import { useQuery } from '@tanstack/react-query';
import { SitePageAnswer, type SitePageName } from '@common/site/schemas';
import { api } from '@web/api/client';

/** GET site/page/{name}: the admin's Markdown for Terms, Privacy or Contact ('' for the built-in text). */
export function useSitePage(name: SitePageName) {
  return useQuery({
    queryKey: ['site', 'page', name],
    queryFn: async () => SitePageAnswer.parse(await api.call(`site/page/${name}`)).markdown,
    staleTime: 5 * 60_000,
  });
}
