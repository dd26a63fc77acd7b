import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HeartAnswer, type PostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { updateCachedPost } from './post-cache';

/** GET app/post/{id}/heart: toggles the caller's heart; answers the hearts after the toggle. */
export async function toggleHeart(id: string) {
  return HeartAnswer.parse(await api.call(`app/post/${encodeURIComponent(id)}/heart`));
}

const withHeart = (hearts: string[], userId: string, on: boolean) =>
  on ? [...hearts.filter((h) => h !== userId), userId] : hearts.filter((h) => h !== userId);

/** The heart shows at once; the server's answer then wins, and a failure puts the old hearts back. */
export function useToggleHeart(post: PostAnswer, userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleHeart(post._id),
    onMutate: () => {
      const previous = post.hearts;
      if (userId) {
        const on = !previous.includes(userId);
        updateCachedPost(queryClient, post._id, (p) => ({ ...p, hearts: withHeart(p.hearts, userId, on) }));
      }
      return { previous };
    },
    onSuccess: ({ hearts }) => updateCachedPost(queryClient, post._id, (p) => ({ ...p, hearts })),
    onError: (_error, _vars, context) => {
      if (context) updateCachedPost(queryClient, post._id, (p) => ({ ...p, hearts: context.previous }));
    },
  });
}
