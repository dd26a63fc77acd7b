import { CreateOwnerAnswer, type CreateOwnerRequest } from '@common/setup/schemas';
import { api } from '@web/api/client';

export const CREATE_OWNER_FAILED = 'The owner account could not be created. Please try again.';

/**
 * POST setup/owner: the owner account is made and signed in (the answer has login's token).
 * Refusals (409 email in use, 404 link used meanwhile, 429, a common password) throw with the
 * server's sentence, which the form shows.
 */
export async function createOwner(payload: CreateOwnerRequest): Promise<CreateOwnerAnswer> {
  const parsed = CreateOwnerAnswer.safeParse(await api.call('setup/owner', payload));
  if (!parsed.success) throw new Error(CREATE_OWNER_FAILED);
  return parsed.data;
}
