import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, clearToken } from '@web/api/client';
import { forgetMemberData } from '@web/api/member-data';
import { PageLoading } from '@web/components/page-loading';
import { PageTitle } from '@web/components/page-title';

/**
 * /logout: ends the session on the server, forgets the token, the cache and what the member kept
 * on this device for offline (saved media, kept answers, the offline queue), goes to /.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; sign out once.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await api.call('auth/logout', {});
      } catch {
        // Signing out locally must work even when the server cannot be reached.
      }
      await forgetMemberData();
      clearToken();
      queryClient.clear();
      navigate('/', { replace: true });
    })();
  }, [navigate, queryClient]);

  return (
    <main className="min-h-svh bg-stone-50">
      <PageTitle>Signing out</PageTitle>
      <PageLoading label="Signing you out…" className="min-h-svh" />
    </main>
  );
}
