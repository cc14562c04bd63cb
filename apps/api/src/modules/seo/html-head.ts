import { type Language, languages } from '@siam/contract/languages';
import { escapeMarkup } from '../../lib/escape-markup';

export interface PageHead {
  title?: string;
  description?: string;
  /** Absolute URL of the share picture. */
  image?: string;
  /** Site path of the picture the page shows largest at first (a car's first photo), preloaded. */
  leadImage?: string;
  type?: 'website' | 'article' | 'product';
  /** Path without the query string; alternates add `?lng=`. */
  path: string;
  language: Language;
}

const ogLocale: Record<Language, string> = { th: 'th_TH', en: 'en_US', zh: 'zh_CN' };

/**
 * Puts a page's title, description, canonical URL, hreflang alternates and
 * Open Graph tags into index.html, so a link shared on LINE, WhatsApp or
 * Facebook (none of which run JavaScript) shows the right name and picture.
 */
export function injectHead(indexHtml: string, head: PageHead, publicUrl: string): string {
  const url = (lng?: Language) => `${publicUrl}${head.path}${lng ? `?lng=${lng}` : ''}`;
  const tags: string[] = [
    `<link rel="canonical" href="${escapeMarkup(url(head.language))}" />`,
    ...languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeMarkup(url(l))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeMarkup(url())}" />`,
    `<meta property="og:url" content="${escapeMarkup(url(head.language))}" />`,
    `<meta property="og:site_name" content="Siam Drive" />`,
    `<meta property="og:locale" content="${ogLocale[head.language]}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
  ];
  let html = indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${head.language}"`);
  if (head.title) {
    const title = escapeMarkup(head.title);
    html = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`);
    tags.push(`<meta property="og:title" content="${title}" />`);
    tags.push(`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`);
  }
  if (head.description) {
    const description = escapeMarkup(head.description);
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    );
    tags.push(`<meta property="og:description" content="${description}" />`);
  }
  if (head.image)
    tags.push(
      `<meta property="og:image" content="${escapeMarkup(head.image)}" />`,
      '<meta property="og:image:type" content="image/png" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
    );
  return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
