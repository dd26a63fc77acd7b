import { z } from 'zod';

/** A row id (a UUID). */
export const Id = z.string().uuid('Invalid id');
/** Whether a value from outside (a webhook's metadata, a cursor) is a row id. */
export const isId = (value: unknown): value is string => Id.safeParse(value).success;

/** `/:id` in a route path: a row id. */
export const IdParams = z.object({ id: Id });
/** The generic form's save: POST {endpoint}/new creates, like POST {endpoint}. */
export const IdOrNewParams = z.object({ id: z.union([z.literal('new'), Id]) });

/**
 * The response header of a paged list whose answer is an array (ARCHITECTURE.md 'Paging'): the
 * `cursor` of the following page, absent at the end.
 */
export const NEXT_CURSOR_HEADER = 'next-cursor';

/**
 * The request header of a write a client may retry (server/platform/idempotency.ts): a retry
 * with the same key answers the first result again, marked with `IDEMPOTENT_REPLAYED_HEADER`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The answer of a delete call. */
export const DeletedAnswer = z.object({ deleted: z.literal(true) });
