import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminSiteAnswer, type SaveSiteRequest } from '@common/site/schemas';
import { api } from '@web/api/client';
import { SITE_QUERY_KEY } from '@web/components/brand';
import { ADMIN_KEY } from '../form-api';

export const adminSiteKey = [...ADMIN_KEY, 'site'] as const;

/** GET admin/site: every setting of Admin → Site settings. */
export const useAdminSite = () =>
  useQuery({
    queryKey: adminSiteKey,
    queryFn: async () => AdminSiteAnswer.parse(await api.call('admin/site')),
  });

/**
 * POST admin/site. The answer becomes the form's record and the whole app's brand at once (the
 * header, titles and accent change without a reload); the pages and the audit log refetch.
 */
export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SaveSiteRequest) => AdminSiteAnswer.parse(await api.call('admin/site', values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSiteKey, saved);
      queryClient.setQueryData(SITE_QUERY_KEY, {
        siteName: saved.siteName,
        logoUrl: saved.logoUrl,
        accentColor: saved.accentColor,
      });
      void queryClient.invalidateQueries({ queryKey: SITE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY, predicate: (q) => q.queryKey[1] !== 'site' });
    },
  });
}

/** The logo is stored as its image URL; the upload field works with the host's path. */
export function logoPathOf(logoUrl: string, urlEndpoint: string): string | null {
  const base = `${urlEndpoint.replace(/\/$/, '')}/`;
  return logoUrl.startsWith(base) ? logoUrl.slice(base.length) : null;
}

export const logoUrlOf = (path: string | null, urlEndpoint: string) =>
  path ? `${urlEndpoint.replace(/\/$/, '')}/${path.replace(/^\//, '')}` : '';
