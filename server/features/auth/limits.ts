import type { Limit } from '../../platform/rate-limit';

const MIN = 60;
/** DESIGN.md §5 rate limits, per IP and per account, shared by every instance. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * MIN },
  loginPerAccount: { max: 10, windowSeconds: 15 * MIN },
  registerPerIp: { max: 10, windowSeconds: 60 * MIN },
  codePerIp: { max: 30, windowSeconds: 15 * MIN },
  codePerAccount: { max: 15, windowSeconds: 15 * MIN },
  resetRequestPerIp: { max: 10, windowSeconds: 60 * MIN },
  resetRequestPerAccount: { max: 5, windowSeconds: 60 * MIN },
  resetPerIp: { max: 20, windowSeconds: 60 * MIN },
  resendPerAccount: { max: 5, windowSeconds: 60 * MIN },
} satisfies Record<string, Limit>;
