import { useEffect, useRef } from 'react';

/**
 * After posting, focus lands on what was posted, not on <body> (WCAG 2.4.3): the Post
 * button is disabled while the call runs, and the new post or comment appears a render after the
 * answer. The answer's handler asks here; the card focuses itself when it mounts.
 */
const awaited = new Set<string>();
const FORGET_AFTER_MS = 3000;

/** The DOM id of a post card and of a comment, which the focus moves to. */
export const postElementId = (postId: string) => `post-${postId}`;
export const commentElementId = (commentId: string) => `comment-${commentId}`;

/** Focuses the element with this id now if it is on screen, else when it mounts (`useFocusOnArrival`). */
export function focusWhenShown(elementId: string) {
  const element = document.getElementById(elementId);
  if (element) {
    element.focus();
    return;
  }
  awaited.add(elementId);
  // one that never shows (a search on screen hides it) must not grab focus on some later visit
  setTimeout(() => awaited.delete(elementId), FORGET_AFTER_MS);
}

/** The ref of an element with this id that takes focus if it was awaited. */
export function useFocusOnArrival<E extends HTMLElement>(elementId: string) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (awaited.delete(elementId)) ref.current?.focus();
  }, [elementId]);
  return ref;
}
