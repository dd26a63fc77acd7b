/**
 * Answers web/boot.ts asked the API for before the app's entry ran (the member's home: whoami and
 * today's sessions), so they travel beside the app's JavaScript instead of after it has run. The
 * client takes each one once, for the same token, in the first seconds of the page; anything
 * later, or a call boot did not make, goes to the network as usual.
 */

/** The window key boot.ts leaves them under (web/boot.ts: EARLY_ANSWERS). */
export const EARLY_ANSWERS = '__tendEarlyAnswers';

/** After this long an answer asked for at boot may be stale: the call is made afresh. */
export const EARLY_ANSWER_TTL_MS = 10_000;

type Early = { token: string; askedAt: number; answers: Record<string, Promise<Response> | undefined> };

/**
 * The answer boot asked for at `url` with `token`, once (it settles undefined if that call failed);
 * undefined at once when there is none, so every other call starts in the same tick as before.
 */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response | undefined> | undefined {
  const early = (window as unknown as Record<string, Early | undefined>)[EARLY_ANSWERS];
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  early.answers[url] = undefined;
  if (early.token !== token || Date.now() - early.askedAt > EARLY_ANSWER_TTL_MS) return undefined;
  return answer.catch(() => undefined);
}
