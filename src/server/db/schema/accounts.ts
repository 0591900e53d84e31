/** Staff accounts, their sessions and login throttling. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  },
  (t) => [
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
