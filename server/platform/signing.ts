import { createHmac } from 'node:crypto';
import { sameHash } from './secrets';

/** Expiring URL signatures for files Tend serves itself (local storage). */
export function signPath(secret: string, path: string, expiresAt: number) {
  return createHmac('sha256', secret).update(`${path}\n${expiresAt}`).digest('base64url');
}

export function verifyPathSignature(
  secret: string,
  path: string,
  expiresAt: number,
  signature: string,
  now = Date.now(),
) {
  if (!Number.isFinite(expiresAt) || expiresAt * 1000 < now) return false;
  return sameHash(signPath(secret, path, expiresAt), signature);
}
