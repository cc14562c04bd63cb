import { heroPicture, pictureSizes } from '@siam/contract/images';
import type { SitePathName } from '@siam/contract/site-routes';

/**
 * Which module renders each customer route, which text namespaces it needs
 * first and which picture is its largest first paint. The build turns this
 * into the preload hints the server writes into each page's HTML (see
 * `pagePreloads` in vite.config.ts), so a phone fetches the page's chunk, its
 * texts and its hero picture together with React instead of one after another.
 *
 * router.tsx imports the same modules; page-modules.test.ts keeps the two in step.
 */
export interface PageModule {
  /** Source path from apps/web, as router.tsx imports it. */
  module: string;
  /** Namespaces the page renders with at first (common is always loaded). */
  namespaces: readonly string[];
  /** A picture the first paint shows large (the LCP element), fetched early. */
  image?: string;
  /** How wide that picture (or the page's own lead picture, such as a car's first photo) is shown. */
  imageSizes?: string;
}

export const pageModules: Partial<Record<SitePathName, PageModule>> = {
  home: {
    module: 'src/features/home/home-page.tsx',
    namespaces: ['home', 'catalog'],
    image: heroPicture,
    imageSizes: pictureSizes.hero,
  },
  cars: { module: 'src/features/catalog/car-listing-page.tsx', namespaces: ['catalog'] },
  carDetails: {
    module: 'src/features/catalog/car-details-page.tsx',
    namespaces: ['catalog'],
    imageSizes: pictureSizes.carGallery,
  },
  about: { module: 'src/features/pages/about-page.tsx', namespaces: ['pages'] },
  howItWorks: { module: 'src/features/pages/how-it-works-page.tsx', namespaces: ['pages'] },
  articles: { module: 'src/features/content/articles-page.tsx', namespaces: ['content'] },
  article: { module: 'src/features/content/article-page.tsx', namespaces: ['content'] },
  corporate: { module: 'src/features/content/corporate-page.tsx', namespaces: ['content'] },
  contact: { module: 'src/features/content/contact-page.tsx', namespaces: ['content'] },
  promotions: { module: 'src/features/content/promotions-page.tsx', namespaces: ['content'] },
  terms: { module: 'src/features/legal/terms-page.tsx', namespaces: ['legal'] },
  privacy: { module: 'src/features/legal/privacy-page.tsx', namespaces: ['legal'] },
  login: { module: 'src/features/auth/login-page.tsx', namespaces: ['auth'] },
  register: { module: 'src/features/auth/login-page.tsx', namespaces: ['auth'] },
};
