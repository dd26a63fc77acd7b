import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@web/api/client';

/** The generic endpoints the admin forms load from and save to. */
export type AdminEndpoint =
  | 'admin/user'
  | 'admin/facilitator'
  | 'admin/tier'
  | 'admin/group'
  | 'admin/post'
  | 'admin/tag';

/** In manage routes the id is an entity id, or the word new to create. */
export const NEW_ID = 'new';
export const isNewId = (id: string) => id === NEW_ID;

/** Every admin query (the lists too) starts with 'admin': a save invalidates them all. */
export const ADMIN_KEY = ['admin'] as const;
export const adminRecordKey = (endpoint: AdminEndpoint, id: string) => [...ADMIN_KEY, endpoint, id] as const;

const recordPath = (endpoint: AdminEndpoint, id: string) =>
  isNewId(id) ? endpoint : `${endpoint}/${encodeURIComponent(id)}`;

/** Load: GET {endpoint}/{id}, the answer parsed with its common/ schema. */
export async function getAdminRecord<T>(endpoint: AdminEndpoint, id: string, answer: z.ZodType<T>): Promise<T> {
  return answer.parse(await api.call(recordPath(endpoint, id)));
}

/** The record a manage form edits; never fetched for the word new (the generic form load). */
export function useAdminRecord<T>(endpoint: AdminEndpoint, id: string, answer: z.ZodType<T>) {
  return useQuery({
    queryKey: adminRecordKey(endpoint, id),
    queryFn: () => getAdminRecord(endpoint, id, answer),
    enabled: !isNewId(id),
  });
}

/**
 * Save: POST {endpoint} for new, POST {endpoint}/{id} otherwise, the form values as body (the
 * answer's shape is not relied on).
 */
export async function saveAdminRecord(endpoint: AdminEndpoint, id: string, values: unknown): Promise<unknown> {
  return api.call(recordPath(endpoint, id), values);
}

/** Saves a manage form's values, then marks the record and every admin list stale. */
export function useSaveAdminRecord(endpoint: AdminEndpoint, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: unknown) => saveAdminRecord(endpoint, id, values),
    // not awaited: the form redirects at once and the list refetches when it mounts
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
