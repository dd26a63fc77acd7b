// GET payments/mode read without zod: every page asks it first (the test-mode banner), /login
// included, and the signed-out pages load no zod (scripts/build/route-js.mjs measures their
// JavaScript). mode.ts holds the schema the server answers with; mode-answer.test.ts holds the
// two to the same answers.

import { isRecord } from '../is-record';

export const PAYMENTS_MODES = ['stripe', 'test', 'off'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

const isMode = (value: unknown): value is PaymentsMode => PAYMENTS_MODES.some((mode) => mode === value);

/** The mode of an answer PaymentsModeAnswer accepts; anything else throws, as its parse does. */
export function readPaymentsMode(answer: unknown): PaymentsMode {
  if (isRecord(answer) && isMode(answer.mode)) return answer.mode;
  throw new Error(`GET payments/mode: unexpected answer ${JSON.stringify(answer)}`);
}
