import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { matchSitePath, matchSiteRoute, pageQuery } from '@siam/contract/site-routes';

/**
 * The site's router: the address as React state, moved by the History API.
 *
 * Why not react-router: the site matches its paths with the contract's own
 * matcher (one list for the server and the browser, @siam/contract/site-routes)
 * and links with its own Link (lib/site-link.tsx); what was left of
 * react-router (the address, navigate, the query string, a route's parameters)
 * was 11 KB of every visitor's first download (Brotli), a tenth of it, for
 * what these eighty lines do (issue 14, docs/decisions/1401 item 9).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here handed over (history.state), or null. */
  state: unknown;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** An absolute path (with its query and hash), or its parts: a part left out is empty. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export type NavigateFunction = (to: To, options?: NavigateOptions) => void;

// Two contexts: the navigate function never changes, so what only moves (every Link) does not
// render again when the address does; what reads the address subscribes to it.
const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);

function inRouter<T>(value: T | null): T {
  if (value === null) throw new Error('Outside the router: wrap the app in BrowserRouter or StaticRouter');
  return value;
}

/** The history entry's own state: what a navigation handed over, under `usr` as react-router kept it. */
interface EntryState {
  usr?: unknown;
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as EntryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null };
}

function href(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

/** The router of the page in the browser: follows the History API, and the back and forward buttons. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  // A new address renders in a transition, as react-router's did: the page shown stays on screen
  // (and keeps answering) while the next page's chunk loads, instead of a blank fallback.
  const follow = useCallback(() => startTransition(() => setLocation(browserLocation())), []);
  useEffect(() => {
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [follow]);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      const entry: EntryState = { usr: options.state ?? null };
      // The address changes at once; lib/use-address-params.ts builds on it before the render lands.
      if (options.replace) window.history.replaceState(entry, '', href(to));
      else window.history.pushState(entry, '', href(to));
      follow();
    },
    [follow],
  );
  return (
    <NavigateContext value={navigate}>
      <LocationContext value={location}>{children}</LocationContext>
    </NavigateContext>
  );
}

/** A server render goes nowhere. */
const stay: NavigateFunction = () => undefined;

/** The router of a server render: one address, and nowhere to go. */
export function StaticRouter({ location: url, children }: { location: string; children: ReactNode }) {
  const location = useMemo<Location>(() => {
    // Split by hand, not with new URL(): a path that starts with "//" would be read as a host.
    const [, pathname = '/', search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url) ?? [];
    return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash, state: null };
  }, [url]);
  return (
    <NavigateContext value={stay}>
      <LocationContext value={location}>{children}</LocationContext>
    </NavigateContext>
  );
}

export function useLocation(): Location {
  return inRouter(use(LocationContext));
}

/** Moves to another address within the site; the function is the same on every render. */
export function useNavigate(): NavigateFunction {
  return inRouter(use(NavigateContext));
}

/** The parameters of the site path shown (`:id`, `:slug`, `:carId` in sitePaths), decoded. */
export function useParams(): Partial<Record<string, string>> {
  const { pathname } = useLocation();
  return useMemo(() => matchSiteRoute(pathname)?.params ?? {}, [pathname]);
}

/**
 * The query string, and a way to replace it (the path stays, the hash goes). A page the server
 * renders sees only the parameters it declares in the contract (serverRenderedPages): the server
 * renders it from those alone and keeps one copy for every visitor who differs only in the rest
 * (fbclid, utm_*), so what the page shows must not depend on the rest (docs/decisions/3104).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(
    () =>
      new URLSearchParams(pageQuery(matchSitePath(location.pathname), location.search) ?? location.search),
    [location.pathname, location.search],
  );
  const setParams = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      const search = next.toString();
      navigate({ search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** Moves to `to` once rendered in the browser (a redirect); nothing during a server render. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
    // Once for the address this redirect was drawn for: `state` is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, to, replace]);
  return null;
}
