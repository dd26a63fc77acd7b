import { SETUP_MESSAGES } from '../../../common/setup/schemas';
import { HttpError } from '../../platform/errors';
import { keyedHash, sameHash } from '../../platform/secrets';

/**
 * The setup link's token is derived, not stored: an HMAC of the app secret over a fixed purpose,
 * so every instance (and every restart) prints the same link and nobody without the secret can
 * compute it. It needs no revoking: it opens setup only while no admin exists.
 */
const PURPOSE = 'tend:owner-setup:v1';

export const ownerSetupToken = (appSecret: string) => keyedHash(appSecret, PURPOSE);

/** Whether `presented` is this site's setup token, compared in constant time. */
export const isOwnerSetupToken = (appSecret: string, presented: string) => sameHash(presented, ownerSetupToken(appSecret));

/** Who may create the owner account: the holder of the link, and only while the site has no admin. */
export const mayCreateOwner = (check: { holdsToken: boolean; adminExists: boolean }) => check.holdsToken && !check.adminExists;

/** 404 with one text for a wrong link and for a site that has its owner, so the answer tells neither. */
export const setupNotAvailable = () =>
  new HttpError(404, { error: 'setup_not_available', message: SETUP_MESSAGES.notAvailable });
