import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { PageLoading } from '@web/components/page-loading';
import { isNotFound, useViewPost } from './api/view-post';
import { POST_NOT_FOUND } from './post-dialog';
import { PostThread } from './post-thread';
import { PageTitle } from '@web/components/page-title';

/** /post/{id}: the full post with comments; after its author removes it, /notifications. */
export function PostPage() {
  const { id = '' } = useParams();
  const view = useViewPost(id);
  const navigate = useNavigate();

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>{view.data ? `Post by ${view.data.post.user.name}` : 'Post'}</PageTitle>
      <Link
        to="/feed"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-600 hover:text-brand-700"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Inspiration Feed
      </Link>
      <h1 id="page-title" className="mt-3 text-2xl font-semibold tracking-tight text-stone-900">
        {view.data ? `Post by ${view.data.post.user.name}` : 'Post'}
      </h1>
      <div className="mt-6">
        {view.isPending ? (
          <PageLoading label="Loading post…" className="min-h-48" />
        ) : view.isError ? (
          isNotFound(view.error) ? (
            <div className="rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm">
              <p className="text-base font-semibold text-stone-900">{POST_NOT_FOUND}</p>
            </div>
          ) : (
            <LoadFailedPanel message="We could not load this post.">
              <Button variant="secondary" onClick={() => view.refetch()}>
                Try again
              </Button>
            </LoadFailedPanel>
          )
        ) : (
          <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
            <PostThread
              post={view.data.post}
              comments={view.data.comments}
              earlierComments={view.data.earlierComments}
              onRemoved={() => navigate('/notifications', { replace: true })}
            />
          </div>
        )}
      </div>
    </section>
  );
}
