/** Staff accounts, their sessions and login throttling. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { ROLE_VALUES } from '../../../shared/permissions';

export const admins = pgTable(
  'admins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLE_VALUES }).notNull().default('editor'),
    /** A short public bio and an avatar (an uploaded image), shown on the author page. */
    bio: text('bio').notNull().default(''),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash').notNull(),
    /** The authenticator app's secret (base32) once confirmed by a first code; null: no app. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment, waiting for its first code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: a code is good once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_username_key').on(sql`lower(${t.username})`),
    // One account per address, whatever its letter case (two admins adding the same person at once: one wins).
    uniqueIndex('admins_email_key').on(sql`lower(${t.email})`),
    check('admins_role_check', sql`${t.role} in ('admin', 'editor', 'writer')`),
  ],
);

/** The cookie carries a random token; only its SHA-256 is stored, so a database leak yields no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** A public handle for a session (its owner lists and ends sessions by it); the token never leaves the cookie. */
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** The address the session signed in from (shown in the owner's sessions list). */
    address: text('address'),
    /**
     * 'full': signed in. 'second_factor': the password was right, the second step is owed (only the second-step
     * routes accept it). 'enrol': the policy wants a second factor this account lacks (only enrolment accepts it).
     */
    stage: text('stage', { enum: ['full', 'second_factor', 'enrol'] })
      .notNull()
      .default('full'),
    /** When the owner last proved who they are (password, code or passkey): sensitive actions want it recent. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sessions_stage_check', sql`${t.stage} in ('full', 'second_factor', 'enrol')`),
    uniqueIndex('sessions_id_key').on(t.id),
    index('sessions_admin_idx').on(t.adminId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** One row per login attempt, keyed by "user:<name>" and "addr:<hash>"; read over a sliding window. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_idx').on(t.key, t.attemptedAt.desc())],
);

const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (v) => Buffer.from(v),
  fromDriver: (v) => new Uint8Array(v),
});

/** Single-use recovery codes of an account's second factor: only their hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_admin_idx').on(t.adminId)],
);

/** A staff member's passkeys (WebAuthn credentials): the public key, its signature counter and transports. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_admin_idx').on(t.adminId)],
);

/** WebAuthn challenges handed out and not yet answered (each is good once, for 5 minutes). */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull(),
  /** The account registering a passkey; null for a sign-in by passkey (the passkey names its account). */
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Browsers that completed a whole sign-in to an account (a long-lived cookie's hash): their owner is not held back
 * by the account-wide lock an outsider's guesses set off.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** The browser's cookie token, hashed; or "addr:<hash>" for an address (hashed with the username). */
    tokenHash: text('token_hash').notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.adminId] }), index('known_devices_admin_idx').on(t.adminId)],
);
