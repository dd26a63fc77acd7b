import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostAnswer, type CreatePostRequest } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';
import { prependCachedPost } from './post-cache';

export type NewPost = Pick<CreatePostRequest, 'text'> & {
  media?: string | null;
  photos?: string[];
  group?: string | null;
  anonymous?: boolean;
};

/**
 * POST app/post {text, media?, photos?, group?, anonymous?}: the created post. With an
 * idempotency key, pressing Post again after a lost answer gets the same post back, not a second.
 */
export async function createPost(post: NewPost, idempotencyKey?: string): Promise<PostAnswer> {
  return PostAnswer.parse(await api.call('app/post', post, { idempotencyKey }));
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(post, intent.keyFor(post)),
    onSuccess: (post) => {
      intent.done();
      prependCachedPost(queryClient, post);
    },
  });
}
