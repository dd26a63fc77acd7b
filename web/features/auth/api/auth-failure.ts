import { AUTH_MESSAGES } from '@common/auth/schemas';
import { ApiError } from '@web/api/client';
import { serverMessageOf } from '@web/components/form/error-text';

type CatalogueCode = 'email_in_use' | 'username_in_use' | 'account_exists';
const CATALOGUE_CODES: readonly string[] = [
  'email_in_use',
  'username_in_use',
  'account_exists',
] satisfies CatalogueCode[];

/** spec 01 §8: the catalogue text for a registration error code, if it is one. */
export function catalogueText(code: unknown): string | undefined {
  return typeof code === 'string' && CATALOGUE_CODES.includes(code) ? AUTH_MESSAGES[code as CatalogueCode] : undefined;
}

/**
 * The error a failed auth call shows: the catalogue text for a known code, else the server's own
 * sentence (rate limits, validation, a wrong code), else the page's fallback. Network failures
 * pass through so the form can say the server was unreachable.
 */
export function authFailure(error: unknown, fallback: string): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(fallback);
  return new Error(catalogueText(error.code) ?? serverMessageOf(error) ?? fallback);
}
