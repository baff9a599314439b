import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** People who can sign in. E-mail addresses are unique whatever their case. */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id, PHC string format. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{shopper}'::text[]`),
    tradeAccountId: text('trade_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('identity_users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const USER_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** One-time links sent by e-mail. Only the SHA-256 of the token is stored. */
export const identityUserTokens = pgTable(
  'identity_user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('identity_user_tokens_purpose_check', sql`${table.purpose} in ('verify-email', 'reset-password')`),
    index('identity_user_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
  ],
);

/**
 * Everything oidc-provider keeps (sessions, interactions, grants, codes, refresh tokens…), one row
 * per artefact, so every instance of the shop sees the same state. Expired rows are ignored and
 * deleted in the background.
 */
export const identityOidcPayloads = pgTable(
  'identity_oidc_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    /** The user the artefact belongs to, so a password reset can end every session and grant. */
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('identity_oidc_payloads_grant_idx')
      .on(table.grantId)
      .where(sql`${table.grantId} is not null`),
    index('identity_oidc_payloads_user_code_idx')
      .on(table.kind, table.userCode)
      .where(sql`${table.userCode} is not null`),
    index('identity_oidc_payloads_uid_idx')
      .on(table.kind, table.uid)
      .where(sql`${table.uid} is not null`),
    index('identity_oidc_payloads_account_idx')
      .on(table.accountId)
      .where(sql`${table.accountId} is not null`),
    index('identity_oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** Key material generated once and shared by every instance: signing keys, cookie keys. */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins and reset requests, by bucket (`account:<e-mail>`, `address:<ip>`, …), so every
 * instance applies the same limits. Rows older than the longest window are deleted.
 */
export const identityThrottleEvents = pgTable(
  'identity_throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('identity_throttle_events_bucket_idx').on(table.bucket, table.createdAt)],
);
