import type { Article, ArticleSummary } from '@siam/contract/content';
import { type Language, fallbackLanguage, languages } from '@siam/contract/languages';
import type { Pagination } from '@siam/contract/envelope';
import type { PartialLocalized } from '../../db/schema/content';
import { notFound } from '../../lib/app-error';
import type { ArticleRow, ArticlesRepository } from './articles.repository';
import { renderMarkdown } from './markdown';

const MAX_CACHED = 200;
/** An article is read far more often than it changes; staff edits show within this time. */
const ARTICLE_CACHE_MS = 60_000;

/** An article counts as translated into a language when its title and body exist there. */
function textLanguage(row: Pick<ArticleRow, 'title' | 'body'>, lang: Language): Language {
  return row.title[lang]?.trim() && row.body[lang]?.trim() ? lang : fallbackLanguage;
}

const pick = (text: PartialLocalized, lang: Language) => text[lang]?.trim() || text.en;

export class ArticlesService {
  /** Rendered HTML by article, language and version: rendering is cheap, but a popular article is read often. */
  private readonly rendered = new Map<string, string>();
  private readonly answers = new Map<string, { article: Article; expires: number }>();

  constructor(private readonly repository: ArticlesRepository) {}

  private summary(row: ArticleRow, lang: Language): ArticleSummary {
    const language = textLanguage(row, lang);
    return {
      slug: row.slug,
      title: pick(row.title, language),
      excerpt: pick(row.excerpt, language),
      coverImage: row.coverImage,
      publishedAt: row.publishedAt.toISOString(),
      language,
      translated: language === lang,
    };
  }

  async list(lang: Language, page: number, limit: number, now = new Date()) {
    const { rows, total } = await this.repository.listPublished(now, (page - 1) * limit, limit);
    const pagination: Pagination = { page, limit, total, total_pages: Math.ceil(total / limit) };
    return { data: rows.map((r) => this.summary(r, lang)), pagination };
  }

  async get(slug: string, lang: Language, now = new Date()): Promise<Article> {
    const key = `${slug}|${lang}`;
    const cached = this.answers.get(key);
    if (cached && cached.expires > now.getTime()) return cached.article;
    const article = await this.load(slug, lang, now);
    if (this.answers.size >= MAX_CACHED) this.answers.clear();
    this.answers.set(key, { article, expires: now.getTime() + ARTICLE_CACHE_MS });
    return article;
  }

  private async load(slug: string, lang: Language, now: Date): Promise<Article> {
    const row = await this.repository.findPublishedBySlug(slug, now);
    if (!row) throw notFound('Article');
    const summary = this.summary(row, lang);
    return {
      ...summary,
      html: this.html(row, summary.language),
      updatedAt: row.updatedAt.toISOString(),
      availableLanguages: languages.filter((l) => textLanguage(row, l) === l),
    };
  }

  /** Drops cached answers: staff published, changed or withdrew an article. */
  forget(): void {
    this.answers.clear();
  }

  /** For search engines: the published articles' slugs and dates. */
  listForSitemap(now = new Date()) {
    return this.repository.allPublished(now);
  }

  private html(row: ArticleRow, lang: Language): string {
    const key = `${row.id}:${lang}:${row.updatedAt.getTime()}`;
    let html = this.rendered.get(key);
    if (html === undefined) {
      html = renderMarkdown(pick(row.body, lang));
      if (this.rendered.size >= MAX_CACHED) this.rendered.clear();
      this.rendered.set(key, html);
    }
    return html;
  }
}
