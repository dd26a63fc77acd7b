import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsKey } from './api/get-notifications';

/** The notification list reloads on every route change. */
export function useRefetchNotificationsOnRouteChange() {
  const { key } = useLocation();
  const queryClient = useQueryClient();
  const firstKey = useRef(key);
  useEffect(() => {
    // The first render fetches by itself; only later navigations need a reload.
    if (key === firstKey.current) return;
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
  }, [key, queryClient]);
}
