import { z } from 'zod';

/** A row id (a UUID). */
export const Id = z.string().uuid('Invalid id');
/** Whether a value from outside (a webhook's metadata, a cursor) is a row id. */
export const isId = (value: unknown): value is string => Id.safeParse(value).success;

/** `/:id` in a route path: a row id. */
export const IdParams = z.object({ id: Id });
/** The generic form's save: POST {endpoint}/new creates, like POST {endpoint}. */
export const IdOrNewParams = z.object({ id: z.union([z.literal('new'), Id]) });

export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, NEXT_CURSOR_HEADER } from './http-headers';

/** The answer of a delete call. */
export const DeletedAnswer = z.object({ deleted: z.literal(true) });
