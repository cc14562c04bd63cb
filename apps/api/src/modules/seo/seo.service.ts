import { type Language, languages } from '@siam/contract/languages';
import { sitePaths } from '@siam/contract/site-routes';
import { AppError } from '../../lib/app-error';
import { escapeMarkup } from '../../lib/escape-markup';
import type { ArticlesService } from '../articles/articles.service';
import type { PageHead } from './html-head';
import type { SeoRepository } from './seo.repository';

/** The public pages a search engine may list (no account, booking or back-office pages). */
export const publicStaticPaths = [
  sitePaths.home,
  sitePaths.cars,
  sitePaths.articles,
  sitePaths.corporate,
  sitePaths.contact,
  sitePaths.about,
  sitePaths.howItWorks,
  sitePaths.promotions,
  sitePaths.terms,
  sitePaths.privacy,
  sitePaths.sitemap,
];

const CACHE_MS = 5 * 60_000;
const MAX_CACHED = 1000;

const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

const perDay: Record<Language, string> = { th: 'บาท/วัน', en: 'THB/day', zh: '泰铢/天' };
const rentWord: Record<Language, string> = { th: 'เช่า', en: 'Rent a', zh: '租' };

/**
 * What search engines and link previews see: the sitemap, and the head of the
 * HTML page the server sends for a car or an article. Answers are cached for
 * a few minutes; a staff edit shows in previews after that.
 */
export class SeoService {
  private readonly heads = new Map<string, { value: PageHead | 'not-found'; expires: number }>();
  private sitemap?: { xml: string; expires: number };

  constructor(
    private readonly repository: SeoRepository,
    private readonly articles: ArticlesService,
    private readonly publicUrl: string,
  ) {}

  /** Drops cached heads and the sitemap: staff changed the articles. */
  forget(): void {
    this.heads.clear();
    this.sitemap = undefined;
  }

  /** The head for a site page; 'not-found' when the page names a car or article that does not exist. */
  async headFor(pathname: string, lang: Language, now = Date.now()): Promise<PageHead | 'not-found'> {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const key = `${path}|${lang}`;
    const cached = this.heads.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = await this.computeHead(path, lang);
    if (this.heads.size >= MAX_CACHED) this.heads.clear();
    this.heads.set(key, { value, expires: now + CACHE_MS });
    return value;
  }

  private async computeHead(path: string, lang: Language): Promise<PageHead | 'not-found'> {
    const car = /^\/cars\/([^/]+)$/.exec(path);
    if (car) {
      const id = Number(car[1]);
      const row =
        Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await this.repository.activeCar(id) : undefined;
      if (!row) return 'not-found';
      const name = `${row.brand[lang]} ${row.model[lang]}`;
      const price = Number(row.pricePerDay).toLocaleString('en-US', { maximumFractionDigits: 0 });
      return {
        path,
        language: lang,
        type: 'product',
        title: `${lang === 'en' ? `${rentWord.en} ${name}` : `${rentWord[lang]} ${name}`} | Siam Drive`,
        description: clip(`฿${price} ${perDay[lang]}. ${row.description[lang]}`),
        image: row.image ? `${this.publicUrl}/og/cars/${row.id}.png` : undefined,
        leadImage: row.image ?? undefined,
      };
    }
    const article = /^\/articles\/([^/]+)$/.exec(path);
    if (article) {
      const slug = decodeURIComponent(article[1]!);
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 120) return 'not-found';
      try {
        const found = await this.articles.get(slug, lang);
        return {
          path,
          language: lang,
          type: 'article',
          title: `${found.title} | Siam Drive`,
          description: clip(found.excerpt),
          image: `${this.publicUrl}/og/articles/${found.slug}.png`,
        };
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not-found';
        throw error;
      }
    }
    return { path, language: lang };
  }

  /** The site picture (an SVG path) a share image is drawn from. */
  async pictureFor(kind: 'cars' | 'articles', key: string): Promise<string | undefined> {
    if (kind === 'cars') {
      const id = Number(key);
      if (!Number.isSafeInteger(id) || id < 1 || id >= 2 ** 31) return undefined;
      return (await this.repository.activeCar(id))?.image ?? undefined;
    }
    try {
      return (await this.articles.get(key, 'en')).coverImage;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  }

  async sitemapXml(now = Date.now()): Promise<string> {
    if (this.sitemap && this.sitemap.expires > now) return this.sitemap.xml;
    const [cars, articles] = await Promise.all([
      this.repository.activeCars(),
      this.articles.listForSitemap(),
    ]);
    const pages: { path: string; lastmod?: Date }[] = [
      ...publicStaticPaths.map((path) => ({ path })),
      ...cars.map((c) => ({ path: `/cars/${c.id}`, lastmod: c.updatedAt })),
      ...articles.map((a) => ({ path: `/articles/${a.slug}`, lastmod: a.updatedAt })),
    ];
    const url = (path: string, lng?: Language) =>
      escapeMarkup(`${this.publicUrl}${path}${lng ? `?lng=${lng}` : ''}`);
    const entries = pages.flatMap(({ path, lastmod }) =>
      languages.map((lng) =>
        [
          '  <url>',
          `    <loc>${url(path, lng)}</loc>`,
          ...(lastmod ? [`    <lastmod>${lastmod.toISOString()}</lastmod>`] : []),
          ...languages.map(
            (alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${url(path, alt)}"/>`,
          ),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
          '  </url>',
        ].join('\n'),
      ),
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
    this.sitemap = { xml, expires: now + CACHE_MS };
    return xml;
  }
}
