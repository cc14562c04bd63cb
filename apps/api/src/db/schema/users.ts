import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_base.sql (the unique index on lower(email) lives there).

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  role: text('role', { enum: ['customer', 'staff', 'admin'] })
    .notNull()
    .default('customer'),
  language: text('language', { enum: ['th', 'en', 'zh'] })
    .notNull()
    .default('en'),
  googleSub: text('google_sub').unique(),
  facebookId: text('facebook_id').unique(),
  /** LINE Login's user id, and whether they are our official account's friend (1713_line.sql). */
  lineUserId: text('line_user_id').unique(),
  lineFriend: boolean('line_friend').notNull().default(false),
  lineFriendChangedAt: timestamp('line_friend_changed_at', { withTimezone: true }),
  avatarUrl: text('avatar_url'),
  /** Set when the customer erased the account (0200_accounts.sql); the row is anonymised. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** When the address was shown to be the person's (a provider vouched for it, or the verification link). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  registeredIp: text('registered_ip'),
  /** registeredIp as the per-address limits count it (lib/address-key.ts, 2002_address_keys.sql). */
  registeredAddressKey: text('registered_address_key'),
  /** The company details kept for full tax invoices (1710_tax_invoices.sql). */
  taxBuyer: jsonb('tax_buyer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  userAgent: text('user_agent'),
  ip: text('ip'),
});
