import { useId, useState, type FormEvent } from 'react';
import { COMMENT_TEXT_MAX } from '@common/posts/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { useCreateComment } from './api/create-comment';

/** Writes a comment; Post stays disabled while the text is empty (spec 02 §5). */
export function CommentBox({ postId }: { postId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const comment = useCreateComment(postId);
  const empty = text.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || comment.isPending) return;
    comment.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        Write a comment
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={COMMENT_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder="Write a comment…"
        aria-describedby={comment.isError ? `${id}-error` : undefined}
        className="block w-full resize-y rounded-xl border-0 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset placeholder:text-stone-400 focus:ring-2 focus:ring-brand-700"
      />
      {comment.isError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {formErrorText(comment.error)}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={empty} pending={comment.isPending}>
          Post
        </Button>
      </div>
    </form>
  );
}
