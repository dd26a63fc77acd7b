import { REFERRAL_PARAM, REFERRAL_WINDOW_DAYS } from '@common/referrals/links';

/**
 * First-touch referrals: the first referral code this browser sees in any address
 * (`/register?r=…`, `/profile/{id}?r=…`) is kept for 30 days, and a later code does not replace
 * it while it lasts; sign-up sends the kept code. Kept in localStorage with the time it was seen;
 * a browser that refuses storage keeps nothing, and the code in the address is used as it is.
 */
const KEY = 'tend.referral';
const WINDOW_MS = REFERRAL_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** Longer than any account id; a longer value is not a code. */
const MAX_CODE_LENGTH = 100;

type Kept = { code: string; at: number };

function read(now: number): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    if (kept && typeof kept.code === 'string' && typeof kept.at === 'number' && now - kept.at < WINDOW_MS) return kept;
  } catch {
    // storage refused or a value not ours: nothing kept
  }
  return null;
}

/** Keeps the address's referral code unless one seen within the last 30 days is kept already. */
export function keepReferral(search: string, now = Date.now()) {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim();
  if (!code || code.length > MAX_CODE_LENGTH || read(now)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now } satisfies Kept));
  } catch {
    // storage refused: the code counts only while it is in the address
  }
}

/** The referral code sign-up sends: the kept one within its 30 days, else the address's own. */
export function referralToSend(search: string, now = Date.now()): string | undefined {
  return read(now)?.code ?? new URLSearchParams(search).get(REFERRAL_PARAM)?.trim() ?? undefined;
}

/** After sign-up the code has done its work. */
export function forgetReferral() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
