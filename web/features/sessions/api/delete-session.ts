import { z } from 'zod';
import { api } from '@web/api/client';

const DeleteSessionAnswer = z.object({ deleted: z.boolean() });

/** GET app/delete-session/{id}, owner only; a booker is told, and refunded if they paid. */
export async function deleteSession(id: string): Promise<boolean> {
  return DeleteSessionAnswer.parse(await api.call(`app/delete-session/${encodeURIComponent(id)}`)).deleted;
}
