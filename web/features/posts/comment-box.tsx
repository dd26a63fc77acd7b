import { useId, useState, type FormEvent } from 'react';
import { COMMENT_TEXT_MAX } from '@common/posts/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { useCreateComment } from './api/create-comment';
import { commentElementId, focusWhenShown } from './focus-on-arrival';
import clsx from 'clsx';

type CommentBoxProps = {
  postId: string;
  /** answering this comment (one level of replies); its author's name labels the box */
  replyTo?: { _id: string; name: string };
  onDone?: () => void;
};

/** Writes a comment or a reply; Post stays disabled while the text is empty. */
export function CommentBox({ postId, replyTo, onDone }: CommentBoxProps) {
  const id = useId();
  const [text, setText] = useState('');
  const comment = useCreateComment(postId);
  const empty = text.trim().length === 0;
  const label = replyTo ? `Reply to ${replyTo.name}` : 'Write a comment';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || comment.isPending) return;
    comment.mutate(replyTo ? { commentText: text.trim(), replyTo: replyTo._id } : { commentText: text.trim() }, {
      onSuccess: (created) => {
        setText('');
        onDone?.();
        focusWhenShown(commentElementId(created._id));
      },
    });
  }

  return (
    <form onSubmit={submit} aria-label={replyTo ? label : undefined} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={COMMENT_TEXT_MAX}
        autoFocus={Boolean(replyTo)}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && replyTo && onDone?.()}
        placeholder={replyTo ? `Reply to ${replyTo.name}…` : 'Write a comment…'}
        aria-describedby={comment.isError ? `${id}-error` : undefined}
        className={clsx(
          'block w-full resize-y px-3 py-[7px]',
          'rounded-xl border border-stone-500 bg-white text-sm text-stone-900 shadow-sm',
          'placeholder:text-stone-500 focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:ring-inset',
        )}
      />
      {comment.isError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {formErrorText(comment.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {replyTo && onDone && (
          <Button variant="secondary" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={empty} pending={comment.isPending}>
          {replyTo ? 'Reply' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
