import { notFound } from '../../platform/errors';
import { keyedHash, sameHash } from '../../platform/secrets';

/**
 * The setup link's token: an HMAC of the app secret and a nonce kept in the database, so every
 * instance (and every restart) prints the same link and nobody without the secret can compute
 * it. The nonce is dropped when the owner is created, so a link that reached a log dies then,
 * even if the site should later have no admin again.
 */
const PURPOSE = 'tend:owner-setup:v2';

export const ownerSetupToken = (appSecret: string, nonce: string) => keyedHash(appSecret, `${PURPOSE}:${nonce}`);

/** Whether `presented` is this site's setup token, compared in constant time. */
export const isOwnerSetupToken = (appSecret: string, nonce: string, presented: string) =>
  sameHash(presented, ownerSetupToken(appSecret, nonce));

/** Who may create the owner account: the holder of the link, and only while the site has no admin. */
export const mayCreateOwner = (check: { holdsToken: boolean; adminExists: boolean }) =>
  check.holdsToken && !check.adminExists;

/** 404 with one text for a wrong link and for a site that has its owner, so the answer tells neither. */
export const setupNotAvailable = () => notFound('setup_not_available');
