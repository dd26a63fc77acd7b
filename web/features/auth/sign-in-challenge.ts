// The password step's proof for POST auth/2fa/app; sessionStorage, so it dies with the tab.
const KEY = 'tend.signInChallenge';

/** Keeps the login answer's challenge for the second step of this user's sign-in. */
export function keepChallenge(userId: string, challenge: string) {
  sessionStorage.setItem(KEY, JSON.stringify({ userId, challenge }));
}

/** The kept challenge, when it belongs to this user. */
export function challengeFor(userId: string): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { userId?: unknown; challenge?: unknown } | null;
    return kept && kept.userId === userId && typeof kept.challenge === 'string' ? kept.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** A challenge is single use: forget it once it has been spent. */
export function forgetChallenge() {
  sessionStorage.removeItem(KEY);
}
