// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReferral, keepReferral, referralToSend } from './referral-capture';

afterEach(() => localStorage.clear());

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 11, 1);

describe('first-touch referrals kept in the browser', () => {
  it('keeps the first code seen and sends it, whatever code a later address carries, for 30 days', () => {
    keepReferral('?r=first', T0);
    keepReferral('?r=second', T0 + DAY);
    expect(referralToSend('r=second', T0 + 29 * DAY)).toBe('first');
  });

  it('after 30 days the kept code lapses: the next one seen counts', () => {
    keepReferral('?r=first', T0);
    expect(referralToSend('', T0 + 30 * DAY)).toBeUndefined();
    keepReferral('?r=second', T0 + 31 * DAY);
    expect(referralToSend('', T0 + 31 * DAY)).toBe('second');
  });

  it("without a kept code, sign-up sends the address's own; after sign-up nothing is kept", () => {
    expect(referralToSend('r=direct', T0)).toBe('direct');
    keepReferral('?r=first', T0);
    forgetReferral();
    expect(referralToSend('', T0)).toBeUndefined();
  });

  it('ignores an empty code, an overlong one, and a kept value that is not ours', () => {
    keepReferral('?r=', T0);
    keepReferral(`?r=${'x'.repeat(101)}`, T0);
    expect(referralToSend('', T0)).toBeUndefined();
    localStorage.setItem('tend.referral', '{not json');
    expect(referralToSend('', T0)).toBeUndefined();
  });
});
