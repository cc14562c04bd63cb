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

/**
 * The pages the server renders to HTML (docs/decisions/0009): the ones a visitor lands on from
 * a search, an ad or a shared link. Pages behind sign-in stay browser-rendered: the server cannot
 * see the session, which lives in the browser's storage. Each comes with the query parameters
 * it reads: its whole query as far as the page is concerned. The server keeps one rendered copy
 * per path, language and these parameters, and renders from them alone; anything else in the
 * address (fbclid, gclid, utm_*, a typo) is dropped before the render, so an ad campaign's
 * unique click ids are served from the page cache (docs/decisions/3104). The site's router
 * shows these pages only these parameters too (apps/web/src/lib/router.tsx useSearchParams),
 * so a page that starts reading another one gets nothing until it is declared here.
 * `lng` is read by every page (the language a link chose) and is always kept.
 */
export const serverRenderedPages = {
  home: [],
  // apps/web/src/features/catalog/listing-params.ts readListing
  cars: [
    'category_id',
    'type',
    'search',
    'min',
    'max',
    'page',
    'sort',
    'pickup',
    'return',
    'branch',
    'returnBranch',
  ],
  // apps/web/src/features/catalog/booking-box.tsx
  carDetails: ['branch', 'returnBranch', 'pickup', 'return', 'pickupTime', 'returnTime'],
} as const satisfies Partial<Record<SitePathName, readonly string[]>>;
export type ServerRenderedPage = keyof typeof serverRenderedPages;

export function isServerRendered(name: SitePathName | undefined): name is ServerRenderedPage {
  return name !== undefined && Object.hasOwn(serverRenderedPages, name);
}

/**
 * A server-rendered page's query reduced to the parameters it reads (and `lng`), in one order
 * (by name; a name's repeated values keep theirs), as `?a=1&b=2` or ''. Undefined for a page the
 * server does not render: the browser renders it from the whole address.
 */
export function pageQuery(name: SitePathName | undefined, search: string): string | undefined {
  if (!isServerRendered(name)) return undefined;
  const read = new Set<string>(['lng', ...serverRenderedPages[name]]);
  const kept = formFields(search).filter(([key]) => read.has(key));
  // Array sort is stable: `?page=1&page=2` keeps its order, so the page reads the same first value.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = kept.map(([key, value]) => `${formEncoded(key)}=${formEncoded(value)}`).join('&');
  return query ? `?${query}` : '';
}

/**
 * A query string's names and values, decoded as URLSearchParams decodes them (`+` is a space; a
 * malformed escape is kept as it came). By hand: the contract runs where URLSearchParams is not
 * in its type library.
 */
function formFields(search: string): [string, string][] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0
        ? [formDecoded(part), '']
        : [formDecoded(part.slice(0, at)), formDecoded(part.slice(at + 1))];
    });
}

function formDecoded(text: string): string {
  return decoded(text.replace(/\+/g, ' '));
}

/** As URLSearchParams writes a name or value: a space as `+`. */
function formEncoded(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

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
