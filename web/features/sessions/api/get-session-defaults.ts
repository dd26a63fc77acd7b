import { useQuery } from '@tanstack/react-query';
import { SessionDefaultsAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from './session-keys';

/** GET app/facilitator/session-defaults: one place, and the facilitator's usual cancellation window. */
export async function getSessionDefaults() {
  return SessionDefaultsAnswer.parse(await api.call('app/facilitator/session-defaults'));
}

/** Asked only for a new session's form (`enabled`). */
export const useSessionDefaults = (enabled: boolean) =>
  useQuery({ queryKey: [...sessionsKey, 'defaults'], queryFn: getSessionDefaults, enabled });
