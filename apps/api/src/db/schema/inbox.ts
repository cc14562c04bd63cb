import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contactMessages, corporateQuotes } from './content';
import { users } from './users';

// Mirrors migrations/0570_inbox.sql (the SQL is the source of truth for constraints).

/** A staff note on a contact message or a quote request; kind 'reply' is an answer that was emailed. */
export const inboxNotes = pgTable('inbox_notes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  contactMessageId: integer('contact_message_id').references(() => contactMessages.id, {
    onDelete: 'cascade',
  }),
  corporateQuoteId: integer('corporate_quote_id').references(() => corporateQuotes.id, {
    onDelete: 'cascade',
  }),
  kind: text('kind', { enum: ['note', 'reply'] })
    .notNull()
    .default('note'),
  text: text('text').notNull(),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorEmail: text('author_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
