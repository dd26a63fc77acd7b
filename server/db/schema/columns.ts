import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A user a row belongs to; the row goes with the user. */
export const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
