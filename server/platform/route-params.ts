import { z } from 'zod';

/** `/:id` in a route path: a row id. */
export const IdParams = z.object({ id: z.string().uuid('Invalid id') });
/** The generic form's save: POST {endpoint}/new creates, like POST {endpoint}. */
export const IdOrNewParams = z.object({ id: z.union([z.literal('new'), z.string().uuid('Invalid id')]) });
