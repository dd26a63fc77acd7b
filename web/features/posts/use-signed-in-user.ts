import { useWhoami } from '@web/features/session/api/get-whoami';

/** The signed-in user's id (whoami answers `id`, older answers `_id`), to know whose post is whose. */
export function useSignedInUserId(): string | undefined {
  const { data } = useWhoami();
  return data?.isLoggedIn ? (data.id ?? data._id) : undefined;
}
