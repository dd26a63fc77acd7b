import { useState } from 'react';
import clsx from 'clsx';
import { Link, useParams } from 'react-router';
import { useFormContext } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TrashIcon } from '@heroicons/react/24/outline';
import { api } from '@web/api/client';
import { CONFIRM_TEXT, ConfirmDialog } from '@web/components/confirm-dialog';
import {
  AdminPostAnswer,
  AdminPostForm,
  type AdminCommentAnswer,
  type AdminPostFormInput,
} from '@common/admin/schemas';
import { COMMENT_TEXT_MAX, POST_TEXT_MAX } from '@common/posts/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { MediaField } from '@web/components/form/media-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { formatAdminDate } from '../admin-dates';
import { AdminForm } from '../admin-form';
import { AdminFormPage, CannotCreatePanel } from '../admin-form-page';
import type { BackLink } from '../back-link';
import { ADMIN_KEY, NEW_ID, useAdminRecord } from '../form-api';

const GROUPS = { to: '/admin/groups', label: 'Back to Groups' };
const COUNT = new Intl.NumberFormat('en-GB');

/** Back goes to the group's posts when the post belongs to a group. */
const postsOf = (group: AdminPostAnswer['group']): BackLink =>
  group
    ? { to: `/admin/group/${encodeURIComponent(group._id)}/posts`, label: `Back to ${group.name}'s Posts` }
    : GROUPS;

const valuesOf = (post: AdminPostAnswer): AdminPostFormInput => ({
  text: post.text,
  media: post.media,
  comments: post.comments.map((comment) => ({ _id: comment._id, text: comment.text })),
});

/** /admin/manage-post/:id (Post form (admin)); posts are written by members, never created here. */
export function ManagePostPage() {
  const id = useParams().id ?? NEW_ID;
  const post = useAdminRecord('admin/post', id, AdminPostAnswer);
  const loaded = post.data;
  return (
    <AdminFormPage
      id={id}
      record={post}
      title="Manage Post"
      subtitle={
        loaded &&
        `By ${loaded.author.name} on ${formatAdminDate(loaded.postedDate)}` +
          (loaded.group ? ` in ${loaded.group.name}` : '')
      }
      back={loaded ? postsOf(loaded.group) : GROUPS}
      what="post"
      cannotCreate={<WrittenByMembers />}
    >
      {(loaded) =>
        loaded && (
          <AdminForm<AdminPostFormInput, AdminPostForm>
            key={loaded._id}
            endpoint="admin/post"
            id={id}
            schema={AdminPostForm}
            defaultValues={valuesOf(loaded)}
            redirectTo={postsOf(loaded.group).to}
            aria-label="Manage Post"
          >
            <PostCounts post={loaded} />
            <TextareaField name="text" label="Text" rows={5} maxLength={POST_TEXT_MAX} />
            <MediaField name="media" label="Media" fileType={loaded.mediaType} />
            <Comments postId={loaded._id} comments={loaded.comments} />
          </AdminForm>
        )
      }
    </AdminFormPage>
  );
}

/** Read-only: hits, hearts and comments. */
function PostCounts({ post }: { post: AdminPostAnswer }) {
  const counts = [
    { label: 'Hits', value: post.hits },
    { label: 'Hearts', value: post.hearts },
    { label: 'Comments', value: post.commentCount },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {counts.map(({ label, value }) => (
        <div key={label} className="rounded-xl bg-stone-50 px-3 py-3 ring-1 ring-inset ring-stone-200">
          <dt className="text-xs font-medium text-stone-600">{label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-stone-900">{COUNT.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Each comment's text is a value of the form (`comments.{i}.text`), sent back with its id. A
 * comment can be deleted on its own (DELETE admin/comment/{id}, its replies with it):
 * it leaves the list and the form's values together, so the other comments' edits are kept.
 */
function Comments({ postId, comments }: { postId: string; comments: AdminCommentAnswer[] }) {
  const queryClient = useQueryClient();
  const { getValues, setValue } = useFormContext<AdminPostFormInput>();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<AdminCommentAnswer | null>(null);
  const [open, setOpen] = useState(false);
  const shown = comments.filter((c) => !removed.has(c._id));

  async function confirmDelete() {
    if (!target) return;
    await api.removeOrThrow(`admin/comment/${encodeURIComponent(target._id)}`);
    const id = target._id;
    // replies went with it: the refreshed post drops them; until then only the comment itself
    setValue(
      'comments',
      (getValues('comments') ?? []).filter((c) => c._id !== id),
      { shouldDirty: false },
    );
    setRemoved((before) => new Set(before).add(id));
    toast.success('Comment deleted');
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'admin/post', postId] });
  }

  return (
    <section aria-labelledby="post-comments" className="border-t border-stone-200 pt-5">
      <h2 id="post-comments" className="text-base font-semibold text-stone-900">
        Comments
      </h2>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No comments yet.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {shown.map((comment, index) => (
            <li key={comment._id} className="rounded-xl bg-stone-50 p-3 ring-1 ring-inset ring-stone-200 sm:p-4">
              <TextareaField
                name={`comments.${index}.text`}
                label={`Comment by ${comment.author.name}`}
                description={
                  <>
                    @{comment.author.username} ·{' '}
                    <time dateTime={comment.postedDate}>{formatAdminDate(comment.postedDate)}</time>
                  </>
                }
                required
                rows={3}
                maxLength={COMMENT_TEXT_MAX}
              />
              <div className="mt-2 flex justify-end">
                <button
                  type="button"
                  aria-label={`Delete comment by ${comment.author.name}`}
                  onClick={() => {
                    setTarget(comment);
                    setOpen(true);
                  }}
                  className={clsx(buttonStyles({ variant: 'secondary', size: 'sm' }), 'text-red-700! hover:bg-red-50!')}
                >
                  <TrashIcon className="size-4" aria-hidden="true" />
                  Delete comment
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog open={open} onClose={() => setOpen(false)} onConfirm={confirmDelete}>
        <p>The comment by {target?.author.name} and any replies to it will be deleted. The rest of the post stays.</p>
        <p className="mt-1">{CONFIRM_TEXT}</p>
      </ConfirmDialog>
    </section>
  );
}

function WrittenByMembers() {
  return (
    <CannotCreatePanel
      title="Posts are written by members"
      action={
        <Link to="/admin/groups" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          Back to Groups
        </Link>
      }
    >
      Open a group and choose View Posts to edit one of its posts.
    </CannotCreatePanel>
  );
}
