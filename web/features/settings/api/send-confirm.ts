import { z } from 'zod';
import { api } from '@web/api/client';

const SendConfirmAnswer = z.object({ userId: z.string(), status: z.string().optional() });

/** GET app/send-confirm: mails a new code (to the pending address when there is one). */
export async function resendConfirmation(): Promise<string | undefined> {
  const parsed = SendConfirmAnswer.safeParse(await api.call('app/send-confirm'));
  return parsed.success ? parsed.data.userId : undefined;
}
