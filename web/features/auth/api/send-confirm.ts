import { z } from 'zod';
import { api } from '@web/api/client';

const SendConfirmAnswer = z.object({ userId: z.string() });

/** GET app/send-confirm: mails a new confirmation code to the signed-in user; answers their id. */
export async function sendConfirmCode(): Promise<string | undefined> {
  const parsed = SendConfirmAnswer.safeParse(await api.call('app/send-confirm'));
  return parsed.success ? parsed.data.userId : undefined;
}
