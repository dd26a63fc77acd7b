import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { PaperAirplaneIcon } from '@heroicons/react/20/solid';
import { MESSAGE_TEXT_MAX } from '@common/messages/schemas';
import { Button } from '@web/components/button';
import { CHAT_TEXTS } from './messages-texts';
import clsx from 'clsx';

/**
 * Enter or Send sends (Shift+Enter is a new line); nothing is sent while the text
 * is empty.
 */
export function MessageComposer({
  recipientName,
  disabled,
  onSend,
}: {
  recipientName: string;
  disabled: boolean;
  onSend: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const boxId = useId();
  const hintId = useId();
  const ready = !disabled && text.trim().length > 0;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!ready) return;
    onSend(text.trim());
    setText('');
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing (e.g. Japanese) confirms the word, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      aria-label="Send a message"
      onSubmit={send}
      className="flex items-end gap-2 border-t border-stone-200 bg-white p-3 sm:p-4"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={boxId} className="sr-only">
          Message {recipientName}
        </label>
        <textarea
          id={boxId}
          ref={box}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={CHAT_TEXTS.placeholder}
          aria-describedby={hintId}
          disabled={disabled}
          className={clsx(
            'block max-h-40 min-h-11 w-full resize-none px-3 py-[7px]',
            'rounded-lg border border-stone-500 bg-white text-base text-stone-900 shadow-sm',
            'placeholder:text-stone-500 focus:border-brand-700 focus:ring-1 focus:ring-inset focus:ring-brand-700',
            'disabled:cursor-not-allowed disabled:bg-stone-100',
            'sm:text-sm',
          )}
        />
        <span id={hintId} className="sr-only">
          Enter sends, Shift+Enter starts a new line.
        </span>
      </div>
      <Button type="submit" disabled={!ready}>
        <PaperAirplaneIcon aria-hidden="true" className="size-4" />
        {CHAT_TEXTS.send}
      </Button>
    </form>
  );
}
