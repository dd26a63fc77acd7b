import { describe, expect, it } from 'vitest';
import { PaymentsModeAnswer } from './mode';
import { readPaymentsMode } from './mode-answer';

describe('readPaymentsMode (every page, without zod) accepts what PaymentsModeAnswer accepts', () => {
  it.each([
    { mode: 'stripe' },
    { mode: 'test' },
    { mode: 'off', extra: true },
    { mode: 'live' },
    { mode: 'TEST' },
    { mode: null },
    {},
    [],
    null,
    'test',
  ])('%j', (answer) => {
    const parsed = PaymentsModeAnswer.safeParse(answer);
    if (parsed.success) expect(readPaymentsMode(answer)).toBe(parsed.data.mode);
    else expect(() => readPaymentsMode(answer)).toThrow('GET payments/mode: unexpected answer');
  });
});
