import { boolean, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '@siam/contract/languages';
import { carModels } from './catalog';
import { users } from './users';

// Mirrors migrations/0401_content.sql (the SQL is the source of truth for constraints).

/** Per-language text where only English is required. */
export type PartialLocalized = Partial<Record<Language, string>> & { en: string };

export const articles = pgTable('articles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: jsonb('title').$type<PartialLocalized>().notNull(),
  excerpt: jsonb('excerpt').$type<PartialLocalized>().notNull(),
  body: jsonb('body').$type<PartialLocalized>().notNull(),
  coverImage: text('cover_image').notNull(),
  isPublished: boolean('is_published').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  language: text('language').$type<Language>().notNull(),
  ip: text('ip'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  // From migrations/0570_inbox.sql.
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const corporateQuotes = pgTable('corporate_quotes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  companyName: text('company_name').notNull(),
  contactName: text('contact_name').notNull(),
  position: text('position').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  vehicles: text('vehicles').notNull(),
  message: text('message').notNull().default(''),
  language: text('language').$type<Language>().notNull(),
  ip: text('ip'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  // From migrations/0570_inbox.sql.
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull(),
  language: text('language').$type<Language>().notNull(),
  status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
    .notNull()
    .default('pending'),
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  consentRequestedAt: timestamp('consent_requested_at', { withTimezone: true }).notNull().defaultNow(),
  consentIp: text('consent_ip'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable('reviews', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  bookingId: integer('booking_id').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  carModelId: integer('car_model_id').references(() => carModels.id, { onDelete: 'set null' }),
  rating: smallint('rating').notNull(),
  text: text('text').notNull(),
  language: text('language').$type<Language>().notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  couponCode: text('coupon_code').unique(),
  couponDescription: jsonb('coupon_description').$type<Record<Language, string>>(),
  reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
