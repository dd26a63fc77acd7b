import { z } from 'zod';
import { withThousands } from '../thousands';

/**
 * Text alternatives for media (WCAG 1.1.1, 1.2.1, 1.2.2): alt text for photos
 * and images, a WebVTT captions file and a transcript for audio and video.
 */
export const ALT_TEXT_MAX = 250;
export const ALT_TEXT_HINT = "Describe what's in the photo for people who can't see it. Skip words like 'image of'.";
export const AltText = z.string().trim().max(ALT_TEXT_MAX, `Alt text can be up to ${ALT_TEXT_MAX} characters`);

export const TRANSCRIPT_MAX = 100_000;
export const Transcript = z
  .string()
  .trim()
  .max(TRANSCRIPT_MAX, `A transcript can be up to ${withThousands(TRANSCRIPT_MAX)} characters`);

/** A captions file is text: 1 MB holds hours of cues. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
export const CAPTIONS_MIME = 'text/vtt';
export const CAPTIONS_ACCEPT = '.vtt,text/vtt';

/**
 * WebVTT (W3C standard, section 4.1): the file starts with 'WEBVTT' (after an optional BOM), then
 * a space, tab or line end.
 */
export function looksLikeWebVtt(head: Uint8Array): boolean {
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  const signature = String.fromCharCode(...head.subarray(start, start + 7));
  return /^WEBVTT([ \t\r\n]|$)/.test(signature);
}
