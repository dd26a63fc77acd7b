import * as z from 'zod/mini';
import { PAYMENTS_MODES } from './mode-answer';

/**
 * GET payments/mode: stripe, test (the built-in checkout, no real money) or off (production without a key).
 * Every page asks it first (the test-mode banner), so it is written with zod/mini: the signed-out
 * pages load no full zod (scripts/build/route-js.mjs measures their JavaScript).
 */
export const PaymentsModeAnswer = z.object({ mode: z.enum(PAYMENTS_MODES) });
export type PaymentsModeAnswer = z.infer<typeof PaymentsModeAnswer>;
