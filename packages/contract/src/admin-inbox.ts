import { z } from 'zod';
import { dataEnvelope, pagedEnvelope, paginationSchema } from './envelope';
import { languages } from './languages';

/**
 * The back office's inbox and newsletter screens (issue 7), on /api/v1/admin/…
 * Contact messages and corporate quote requests are "items" of two kinds;
 * `kind` in a path is `messages` or `quotes`.
 */

export const inboxKinds = ['messages', 'quotes'] as const;
export type InboxKind = (typeof inboxKinds)[number];

export const inboxStates = ['open', 'handled', 'all'] as const;
export type InboxState = (typeof inboxStates)[number];

export const inboxQuerySchema = z.object({
  kind: z.enum([...inboxKinds, 'all']).default('all'),
  state: z.enum(inboxStates).default('open'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxItemParamsSchema = z.object({
  kind: z.enum(inboxKinds),
  id: z.coerce.number().int().positive(),
});

/** One line of the inbox list. */
export const inboxSummarySchema = z.object({
  kind: z.enum(inboxKinds),
  id: z.number().int(),
  /** The sender: a person's name, or for a quote "contact · company". */
  name: z.string(),
  email: z.string(),
  /** The subject of a message, or the company and fleet size of a quote. */
  subject: z.string(),
  language: z.enum(languages),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  notes: z.number().int(),
});
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

export const inboxNoteSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'reply']),
  text: z.string(),
  authorEmail: z.string(),
  createdAt: z.string(),
});
export type InboxNote = z.infer<typeof inboxNoteSchema>;

/** An item in full: every field the form sent (fields a kind lacks are null), its state and notes. */
export const inboxItemSchema = inboxSummarySchema.extend({
  message: z.string(),
  /** Quotes only. */
  companyName: z.string().nullable(),
  contactName: z.string().nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  vehicles: z.string().nullable(),
  handledBy: z.string().nullable(),
  noteList: z.array(inboxNoteSchema),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

const noteText = z.string().trim().min(1, 'Required').max(5000, 'At most 5000 characters');

export const inboxHandledBodySchema = z.object({ handled: z.boolean() });
export const inboxNoteBodySchema = z.object({ text: noteText });
export const inboxReplyBodySchema = z.object({ text: noteText });

export const inboxCountsSchema = z.object({
  /** Not handled yet. */
  messages: z.number().int(),
  quotes: z.number().int(),
});
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

export const inboxListResponseSchema = pagedEnvelope(inboxSummarySchema);
export const inboxItemResponseSchema = dataEnvelope(inboxItemSchema);
export const inboxCountsResponseSchema = dataEnvelope(inboxCountsSchema);

// ---------- newsletter subscribers ----------

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const subscribersQuerySchema = z.object({
  status: z.enum([...subscriberStatuses, 'all']).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SubscribersQuery = z.input<typeof subscribersQuerySchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.enum(languages),
  status: z.enum(subscriberStatuses),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberCountsSchema = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type SubscriberCounts = z.infer<typeof subscriberCountsSchema>;

/** The list with the counts per status (the counts ignore the filter). */
export const subscribersResponseSchema = z.object({
  status: z.literal(true),
  response: z.object({
    data: z.array(subscriberSchema),
    counts: subscriberCountsSchema,
    pagination: paginationSchema,
  }),
});
export type SubscribersResponse = z.infer<typeof subscribersResponseSchema>;
