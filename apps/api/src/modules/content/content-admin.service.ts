import type { z } from 'zod';
import type {
  AdminArticle,
  AdminArticleSummary,
  AdminRentalCondition,
  articleBodySchema,
  rentalConditionBodySchema,
  rentalConditionPatchSchema,
} from '@siam/contract/admin-content';
import { languages, type Language } from '@siam/contract/languages';
import type { PartialLocalized } from '../../db/schema/content';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/audit.service';
import type {
  ArticleRow,
  ArticleValues,
  ContentAdminRepository,
  RentalConditionRow,
} from './content-admin.repository';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/pg-errors';

type ArticleBody = z.output<typeof articleBodySchema>;
type ConditionBody = z.output<typeof rentalConditionBodySchema>;
type ConditionPatch = z.output<typeof rentalConditionPatchSchema>;

/** Stored texts keep only the languages written; English is always there. */
function stored(texts: Record<Language, string>): PartialLocalized {
  const out: PartialLocalized = { en: texts.en };
  for (const lng of languages) if (texts[lng]) out[lng] = texts[lng];
  return out;
}
const filled = (texts: PartialLocalized) => ({ th: texts.th ?? '', en: texts.en, zh: texts.zh ?? '' });

function toArticle(row: ArticleRow): AdminArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: filled(row.title),
    excerpt: filled(row.excerpt),
    body: filled(row.body),
    coverImage: row.coverImage,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toSummary = ({ body: _body, excerpt: _excerpt, ...rest }: AdminArticle): AdminArticleSummary => rest;

const toCondition = (row: RentalConditionRow): AdminRentalCondition => ({
  id: row.id,
  kind: row.kind,
  text: { th: row.text.th, en: row.text.en, zh: row.text.zh },
  sortOrder: row.sortOrder,
});

function values(body: ArticleBody): ArticleValues {
  return {
    slug: body.slug,
    title: stored(body.title),
    excerpt: stored(body.excerpt),
    body: stored(body.body),
    coverImage: body.coverImage,
    isPublished: body.isPublished,
  };
}

function slugTaken(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION)
    throw new AppError('CONFLICT', 'An article with this slug already exists', [
      { path: 'slug', message: 'Already used by another article' },
    ]);
  throw error;
}

/**
 * Articles and rental conditions for staff. Each change is written with its
 * audit record (who, what, before and after) in one transaction; then the
 * public article caches of this process are dropped so the site shows it at once.
 */
export class ContentAdminService {
  constructor(
    private readonly repository: ContentAdminRepository,
    private readonly audit: AuditService,
  ) {}

  // ---------- articles ----------

  async articles(): Promise<AdminArticleSummary[]> {
    return (await this.repository.articles()).map((r) => toSummary(toArticle(r)));
  }

  async article(id: number): Promise<AdminArticle> {
    const row = await this.repository.article(id);
    if (!row) throw notFound('Article');
    return toArticle(row);
  }

  coverImages(): Promise<string[]> {
    return this.repository.coverImages();
  }

  async createArticle(actor: Actor, body: ArticleBody): Promise<AdminArticle> {
    try {
      const article = await this.repository.transaction(async (repo, tx) => {
        const after = toArticle(await repo.insertArticle(values(body)));
        await this.audit.record(tx, actor, {
          entity: 'article',
          entityId: after.id,
          action: 'article.create',
          after,
        });
        return after;
      });
      return article;
    } catch (error) {
      slugTaken(error);
    }
  }

  async updateArticle(actor: Actor, id: number, body: ArticleBody): Promise<AdminArticle> {
    try {
      const article = await this.repository.transaction(async (repo, tx) => {
        const row = await repo.article(id, true);
        if (!row) throw notFound('Article');
        const before = toArticle(row);
        const next = values(body);
        const publishing = next.isPublished && !row.isPublished;
        const after = toArticle(
          (await repo.updateArticle(id, { ...next, ...(publishing && { publishedAt: new Date() }) }))!,
        );
        const action =
          before.isPublished === after.isPublished
            ? 'article.update'
            : after.isPublished
              ? 'article.publish'
              : 'article.unpublish';
        await this.audit.record(tx, actor, { entity: 'article', entityId: id, action, before, after });
        return after;
      });
      return article;
    } catch (error) {
      slugTaken(error);
    }
  }

  /** Publishes (dated now, so it tops the list) or takes back to draft; nothing is written when nothing changes. */
  async setPublished(actor: Actor, id: number, isPublished: boolean): Promise<AdminArticle> {
    const article = await this.repository.transaction(async (repo, tx) => {
      const row = await repo.article(id, true);
      if (!row) throw notFound('Article');
      if (row.isPublished === isPublished) return toArticle(row);
      const before = toArticle(row);
      const after = toArticle(
        (await repo.updateArticle(id, { isPublished, ...(isPublished && { publishedAt: new Date() }) }))!,
      );
      await this.audit.record(tx, actor, {
        entity: 'article',
        entityId: id,
        action: isPublished ? 'article.publish' : 'article.unpublish',
        before,
        after,
      });
      return after;
    });
    return article;
  }

  async deleteArticle(actor: Actor, id: number): Promise<void> {
    await this.repository.transaction(async (repo, tx) => {
      const row = await repo.article(id, true);
      if (!row) throw notFound('Article');
      await repo.deleteArticle(id);
      await this.audit.record(tx, actor, {
        entity: 'article',
        entityId: id,
        action: 'article.delete',
        before: toArticle(row),
      });
    });
  }

  // ---------- rental conditions ----------

  async rentalConditions(): Promise<AdminRentalCondition[]> {
    return (await this.repository.rentalConditions()).map(toCondition);
  }

  async createRentalCondition(actor: Actor, body: ConditionBody): Promise<AdminRentalCondition> {
    return this.repository.transaction(async (repo, tx) => {
      await repo.lockKind(body.kind);
      const after = toCondition(await repo.insertRentalCondition(body.kind, body.text));
      await this.audit.record(tx, actor, {
        entity: 'rental_condition',
        entityId: after.id,
        action: 'rental_condition.create',
        after,
      });
      return after;
    });
  }

  async updateRentalCondition(actor: Actor, id: number, body: ConditionPatch): Promise<AdminRentalCondition> {
    return this.repository.transaction(async (repo, tx) => {
      const row = await repo.rentalCondition(id);
      if (!row) throw notFound('Rental condition');
      const after = toCondition((await repo.updateRentalConditionText(id, body.text))!);
      const before = toCondition(row);
      if (JSON.stringify(before) !== JSON.stringify(after))
        await this.audit.record(tx, actor, {
          entity: 'rental_condition',
          entityId: id,
          action: 'rental_condition.update',
          before,
          after,
        });
      return after;
    });
  }

  /**
   * Moves a condition one place up or down in its list. The list is numbered
   * 1…n again, so old equal sort orders cannot make a move do nothing.
   */
  async moveRentalCondition(
    actor: Actor,
    id: number,
    direction: 'up' | 'down',
  ): Promise<AdminRentalCondition[]> {
    return this.repository.transaction(async (repo, tx) => {
      const row = await repo.rentalCondition(id);
      if (!row) throw notFound('Rental condition');
      await repo.lockKind(row.kind);
      const list = await repo.rentalConditions(row.kind);
      const from = list.findIndex((c) => c.id === id);
      const to = direction === 'up' ? from - 1 : from + 1;
      if (to < 0 || to >= list.length) return list.map(toCondition);
      const order = list.map((c) => c.id);
      [order[from], order[to]] = [order[to]!, order[from]!];
      for (const [index, conditionId] of order.entries())
        if (list.find((c) => c.id === conditionId)!.sortOrder !== index + 1)
          await repo.setSortOrder(conditionId, index + 1);
      await this.audit.record(tx, actor, {
        entity: 'rental_condition',
        entityId: id,
        action: 'rental_condition.reorder',
        before: { kind: row.kind, order: list.map((c) => c.id) },
        after: { kind: row.kind, order },
      });
      return (await repo.rentalConditions(row.kind)).map(toCondition);
    });
  }

  async deleteRentalCondition(actor: Actor, id: number): Promise<void> {
    await this.repository.transaction(async (repo, tx) => {
      const row = await repo.rentalCondition(id);
      if (!row) throw notFound('Rental condition');
      await repo.deleteRentalCondition(id);
      await this.audit.record(tx, actor, {
        entity: 'rental_condition',
        entityId: id,
        action: 'rental_condition.delete',
        before: toCondition(row),
      });
    });
  }
}
