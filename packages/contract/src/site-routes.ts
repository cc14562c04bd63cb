/**
 * The site's routes, as path patterns. The web router is built from the same
 * list the server uses to decide between `index.html` with 200 and the
 * not-found page with 404, so the two can never disagree.
 */
export const sitePaths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  profile: '/profile',
  myBookings: '/my-bookings',
  corporate: '/corporate',
  contact: '/contact',
  cars: '/cars',
  carDetails: '/cars/:id',
  booking: '/booking/:carId',
  bookingSuccess: '/booking-success',
  about: '/about',
  howItWorks: '/how-it-works',
  articles: '/articles',
  article: '/articles/:slug',
  promotions: '/promotions',
  terms: '/terms',
  privacy: '/privacy',
  sitemap: '/sitemap',
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  admin: '/admin/*',
} as const;
export type SitePathName = keyof typeof sitePaths;

const matchers = Object.entries(sitePaths).map(([name, pattern]) => {
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      // ':id' and the like are parameter names: letters only, so they make valid group names.
      if (segment.startsWith(':')) return `(?<${segment.slice(1)}>[^/]+)`;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // '/admin/*' also matches '/admin' itself.
  return { name: name as SitePathName, re: new RegExp(`^${source.replace(/\/\.\*$/, '(?:/.*)?')}/?$`) };
});

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape (%E0) is kept as it came; the page says it found nothing.
    return value;
  }
}

/** The site route that renders this path (query string excluded) and its parameters, decoded. */
export function matchSiteRoute(
  pathname: string,
): { name: SitePathName; params: Record<string, string> } | undefined {
  for (const { name, re } of matchers) {
    const found = re.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(found.groups ?? {})) params[key] = decoded(value);
    return { name, params };
  }
  return undefined;
}

/** The site route that renders this path (query string excluded), if any. */
export function matchSitePath(pathname: string): SitePathName | undefined {
  return matchSiteRoute(pathname)?.name;
}

/** True when some site route renders this path (query string excluded). */
export function isSitePath(pathname: string): boolean {
  return matchSitePath(pathname) !== undefined;
}
