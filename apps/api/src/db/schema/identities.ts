import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A sign-in identity from an OpenID provider, found by (issuer, subject), never by email alone. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('identities_issuer_subject_key').on(t.issuer, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in in progress: state, nonce and PKCE verifier, kept server-side for ten minutes and
 * used once. Only hashes of the state and of the browser-binding cookie are stored.
 */
export const oidcStates = pgTable(
  'oidc_states',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    timeZone: text('time_zone'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The scheduled purge finds expired states through this.
  (t) => [index('oidc_states_expires_at_idx').on(t.expiresAt)],
);
