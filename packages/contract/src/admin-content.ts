import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * The back office's content screens (issue 7): articles and rental
 * conditions, on /api/v1/admin/articles and /api/v1/admin/rental-conditions.
 * Messages are English; the back office shows its own translated sentence
 * for each problem (see `contentIssueKind`).
 */

export const articleSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A site picture (`/images/…`, `/uploads/…`) or an https address. */
export const coverImagePattern = /^(?:\/(?:images|uploads)\/[A-Za-z0-9/_.-]+|https:\/\/[^\s"'<>]+)$/;

export const articleLimits = { slug: 120, title: 200, excerpt: 500, body: 50_000, coverImage: 500 } as const;

const requiredText = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** English is required (the site falls back to it); Thai and Chinese may be left empty. */
const articleTexts = (max: number) =>
  z.object({ th: optionalText(max), en: requiredText(max), zh: optionalText(max) });

export const articleBodySchema = z.object({
  slug: z
    .string()
    .trim()
    .min(2, 'At least 2 characters')
    .max(articleLimits.slug, `At most ${articleLimits.slug} characters`)
    .regex(articleSlugPattern, 'Lower-case letters, digits and dashes'),
  title: articleTexts(articleLimits.title),
  excerpt: articleTexts(articleLimits.excerpt),
  body: articleTexts(articleLimits.body),
  coverImage: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(articleLimits.coverImage, `At most ${articleLimits.coverImage} characters`)
    .regex(coverImagePattern, 'A site picture (/images/…) or an https address'),
  isPublished: z.boolean().default(false),
});
export type ArticleBody = z.input<typeof articleBodySchema>;

export const articlePublishSchema = z.object({ isPublished: z.boolean() });

const localizedOut = z.object({ th: z.string(), en: z.string(), zh: z.string() });

export const adminArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: localizedOut,
  excerpt: localizedOut,
  body: localizedOut,
  coverImage: z.string(),
  isPublished: z.boolean(),
  publishedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const adminArticleSummarySchema = adminArticleSchema.omit({ body: true, excerpt: true });
export type AdminArticleSummary = z.infer<typeof adminArticleSummarySchema>;

export const adminArticleResponseSchema = dataEnvelope(adminArticleSchema);
export const adminArticlesResponseSchema = dataEnvelope(z.array(adminArticleSummarySchema));
export const coverImagesResponseSchema = dataEnvelope(z.array(z.string()));

export const markdownPreviewBodySchema = z.object({
  markdown: z.string().max(articleLimits.body, `At most ${articleLimits.body} characters`),
});
export const markdownPreviewResponseSchema = dataEnvelope(z.object({ html: z.string() }));

// ---------- rental conditions ----------

export const rentalConditionKinds = ['included', 'not_included'] as const;
export type RentalConditionKind = (typeof rentalConditionKinds)[number];
export const rentalConditionTextMax = 300;

/** The car page shows every condition in the reader's language: all three are required. */
const conditionText = z.object({
  th: requiredText(rentalConditionTextMax),
  en: requiredText(rentalConditionTextMax),
  zh: requiredText(rentalConditionTextMax),
});

export const rentalConditionBodySchema = z.object({
  kind: z.enum(rentalConditionKinds),
  text: conditionText,
});
export const rentalConditionPatchSchema = z.object({ text: conditionText });
export const rentalConditionMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

export const adminRentalConditionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(rentalConditionKinds),
  text: localizedOut,
  sortOrder: z.number().int(),
});
export type AdminRentalCondition = z.infer<typeof adminRentalConditionSchema>;
export const adminRentalConditionResponseSchema = dataEnvelope(adminRentalConditionSchema);
export const adminRentalConditionsResponseSchema = dataEnvelope(z.array(adminRentalConditionSchema));

/**
 * What is wrong with a field, as a word the back office translates:
 * `required`, `tooShort`, `tooLong`, `format`, else `invalid`.
 */
export function contentIssueKind(issue: { code: string; minimum?: unknown }): string {
  if (issue.code === 'too_small') return Number(issue.minimum) > 1 ? 'tooShort' : 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_format') return 'format';
  return 'invalid';
}
