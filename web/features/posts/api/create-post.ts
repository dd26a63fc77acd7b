import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostAnswer, type CreatePostRequest } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { prependCachedPost } from './post-cache';

export type NewPost = Pick<CreatePostRequest, 'text'> & {
  media?: string | null;
  photos?: string[];
  group?: string | null;
  anonymous?: boolean;
};

/** POST app/post {text, media?, photos?, group?, anonymous?}: the created post. */
export async function createPost(post: NewPost): Promise<PostAnswer> {
  return PostAnswer.parse(await api.call('app/post', post));
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => prependCachedPost(queryClient, post),
  });
}
