import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/api/client';

const CompleteConnectAnswer = z.object({ status: z.literal('linked') });

/** POST test-mode/connect/complete: finishes the simulated bank linking (400/404 with {error} otherwise). */
export async function completeTestConnect(): Promise<void> {
  CompleteConnectAnswer.parse(await api.call('test-mode/connect/complete', {}));
}

export const useCompleteTestConnect = () => useMutation({ mutationFn: completeTestConnect });
