import { use, type ComponentType } from 'react';
import { matchSitePath, type SitePathName } from '@siam/contract/site-routes';
import { useLocation } from '../lib/router';
import { NotFoundPage } from '../features/pages/not-found-page';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error-page';

/**
 * Every screen is its own chunk, loaded when its route is first visited
 * (each page module exports `Component`). Paths come from the contract's
 * sitePaths, the same list the server uses to answer 200 or 404.
 *
 * The page is chosen by the contract's matcher (lib/router.tsx has no route
 * table of its own): the site has no loaders or actions, nor nested routes
 * beyond the frame around every page.
 */
/** A promise that says whether it has settled (React's own fields), which use() reads without waiting. */
function tracked<T>(promise: Promise<T>): Promise<T> {
  const thenable = Object.assign(promise, { status: 'pending' });
  thenable.then(
    (value) => Object.assign(thenable, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(thenable, { status: 'rejected', reason }),
  );
  return thenable;
}

type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, and preloadable: a server-rendered page loads its chunk
 * before hydration starts (main.tsx), so the page renders at once and React
 * adopts the server's HTML instead of suspending and drawing it again.
 */
const page = (load: () => Promise<{ Component: ComponentType }>): Page => {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= tracked(load().then((module) => module.Component)));
  const LazyPage = () => {
    const Component = use(preload());
    // eslint-disable-next-line react-hooks/static-components -- one settled promise: the same component on every render
    return <Component />;
  };
  return Object.assign(LazyPage, { preload });
};

// The back office: its own frame and chunk, nothing of it in the customers' bundle.
const AdminApp = page(() => import('../features/admin/admin-app'));
// One chunk serves both sign-in and registration (two tabs of one page).
const LoginPage = page(() => import('../features/auth/login-page'));

/**
 * Every page inside the site's frame, by its name in sitePaths: the routes
 * below and preloadPage() both read this one table.
 */
const framePages: Partial<Record<SitePathName, Page>> = {
  home: page(() => import('../features/home/home-page')),
  cars: page(() => import('../features/catalog/car-listing-page')),
  carDetails: page(() => import('../features/catalog/car-details-page')),
  about: page(() => import('../features/pages/about-page')),
  howItWorks: page(() => import('../features/pages/how-it-works-page')),
  articles: page(() => import('../features/content/articles-page')),
  article: page(() => import('../features/content/article-page')),
  corporate: page(() => import('../features/content/corporate-page')),
  contact: page(() => import('../features/content/contact-page')),
  promotions: page(() => import('../features/content/promotions-page')),
  sitemap: page(() => import('../features/content/sitemap-page')),
  terms: page(() => import('../features/legal/terms-page')),
  privacy: page(() => import('../features/legal/privacy-page')),
  newsletterConfirm: page(() => import('../features/content/newsletter-confirm-page')),
  newsletterUnsubscribe: page(() => import('../features/content/newsletter-unsubscribe-page')),
  login: LoginPage,
  register: LoginPage,
  forgotPassword: page(() => import('../features/auth/forgot-password-page')),
  resetPassword: page(() => import('../features/auth/reset-password-page')),
  verifyEmail: page(() => import('../features/auth/verify-email-page')),
  profile: page(() => import('../features/auth/profile-page')),
  booking: page(() => import('../features/checkout/booking-form-page')),
  bookingSuccess: page(() => import('../features/bookings/booking-success-page')),
  myBookings: page(() => import('../features/bookings/my-bookings-page')),
};

/** Loads the chunk of the page at `pathname` (nothing for a path without one). */
export function preloadPage(pathname: string): Promise<unknown> {
  const name = matchSitePath(pathname);
  return (name && framePages[name]?.preload()) ?? Promise.resolve();
}

/** The screen at the address shown: the back office in its own frame, every other page in the site's. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const name = matchSitePath(pathname);
  if (name === 'admin')
    return (
      // An error screen belongs to the address it happened on: moving on clears it.
      <RouteErrorBoundary key={pathname}>
        <AdminApp />
      </RouteErrorBoundary>
    );
  const Screen = name ? framePages[name] : undefined;
  return <RootLayout>{Screen ? <Screen /> : <NotFoundPage />}</RootLayout>;
}
