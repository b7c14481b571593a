import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What an emailed link does: prove the address ('verify'), or set a new password ('reset'). */
export type EmailTokenPurpose = 'verify' | 'reset';

/**
 * A link sent by email. Only the SHA-256 of its token is kept; it is used once (deleted as it is
 * used) and lapses at `expiresAt`: 24 hours for a verification, 1 hour for a reset.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    /** The address the link was sent to: a verification proves this one, no other. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The per-account limit on new links counts an account's recent ones of a kind.
    index('email_tokens_user_purpose_created_idx').on(t.userId, t.purpose, t.createdAt),
    index('email_tokens_expires_idx').on(t.expiresAt),
  ],
);
