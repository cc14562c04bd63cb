import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { responsivePicture } from '@siam/contract/images';
import { escapeMarkup } from '../lib/escape-markup';
import { fallbackLanguage, type Language } from '@siam/contract/languages';
import type { SitePathName } from '@siam/contract/site-routes';

/** dist/.vite/page-preloads.json, written by the web build (apps/web/vite.config.ts). */
export interface PagePreloads {
  pages: Partial<
    Record<SitePathName, { js: string[]; namespaces: string[]; image?: string; imageSizes?: string }>
  >;
  /** "th/catalog" → the chunk(s) holding those texts. */
  texts: Record<string, string[]>;
  /** The Thai faces the build emitted, regular and semibold (read from the assets folder). */
  thaiFonts?: string[];
}

export function readPagePreloads(webRoot: string): PagePreloads | undefined {
  const file = path.join(webRoot, '.vite', 'page-preloads.json');
  if (!existsSync(file)) return undefined;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as PagePreloads;
  const assets = path.join(webRoot, 'assets');
  // Both weights the first paint uses: body text (400) and the logo, menu, headings and buttons (600).
  const thai = existsSync(assets)
    ? readdirSync(assets)
        .filter((f) => /^sarabun-thai-[46]00-normal-[\w-]+\.woff2$/.test(f))
        .sort()
    : [];
  return thai.length ? { ...preloads, thaiFonts: thai.map((f) => `/assets/${f}`) } : preloads;
}

/**
 * The <link> hints for one page in one language: its chunks, its texts (in
 * that language and in the fallback language, which i18next loads beside it)
 * and its hero picture (or the page's own lead picture, such as a car's
 * first photo). Without them a phone on slow 4G walks a chain
 * (HTML → React → page chunk → texts → picture), one round trip per step.
 */
export function preloadTags(
  preloads: PagePreloads,
  route: SitePathName | undefined,
  language: Language,
  leadImage?: string,
): string[] {
  const page = route ? preloads.pages[route] : undefined;
  const textLanguages = language === fallbackLanguage ? [language] : [language, fallbackLanguage];
  const namespaces = ['common', ...(page?.namespaces ?? [])];
  const modules = new Set(page?.js ?? []);
  for (const lng of textLanguages)
    for (const ns of namespaces) for (const file of preloads.texts[`${lng}/${ns}`] ?? []) modules.add(file);
  // Build output only; escaping guards against a surprising file name all the same.
  const tags = [...modules].map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeMarkup(href)}" />`,
  );
  // Thai pages: both Thai faces arrive with the first resources, so they are usually there for the
  // first paint and the swap to them (styles.css: font-display swap for Thai) moves nothing
  // (docs/decisions/3502).
  if (language === 'th')
    for (const font of preloads.thaiFonts ?? [])
      tags.push(
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeMarkup(font)}" />`,
      );
  const image = leadImage ?? page?.image;
  // Only our own pictures: an address from elsewhere would be a request to a host the CSP forbids.
  if (image?.startsWith('/') && !image.startsWith('//')) {
    // The same choice of width the page's <img srcset sizes> makes, or the phone would fetch two.
    const picture = responsivePicture(image);
    const widths = picture.srcSet
      ? ` imagesrcset="${escapeMarkup(picture.srcSet)}" imagesizes="${escapeMarkup(page?.imageSizes ?? '100vw')}"`
      : '';
    tags.unshift(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeMarkup(picture.src)}"${widths} />`,
    );
  }
  return tags;
}

/** Puts the tags just before </head>, after the stylesheet and the entry's own hints. */
export function injectPreloads(html: string, tags: string[]): string {
  return tags.length ? html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`) : html;
}
