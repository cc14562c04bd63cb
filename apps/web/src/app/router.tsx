import { use, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { matchSitePath, sitePaths, type SitePathName } from '@siam/contract/site-routes';
import { NotFoundPage } from '../features/pages/not-found-page';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error-page';

/**
 * Every screen is its own chunk, loaded when its route is first visited
 * (each page module exports `Component`). Paths come from the contract's
 * sitePaths, the same list the server uses to answer 200 or 404.
 *
 * Declarative routes (<Routes>) rather than a data router: the site has no
 * loaders or actions, and the data router's code was 17 KB more (gzipped) in
 * every visitor's first download (docs/decisions/0008).
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
const HomePage = page(() => import('../features/home/home-page'));
const CarListingPage = page(() => import('../features/catalog/car-listing-page'));
const CarDetailsPage = page(() => import('../features/catalog/car-details-page'));
const AboutPage = page(() => import('../features/pages/about-page'));
const HowItWorksPage = page(() => import('../features/pages/how-it-works-page'));
const ArticlesPage = page(() => import('../features/content/articles-page'));
const ArticlePage = page(() => import('../features/content/article-page'));
const CorporatePage = page(() => import('../features/content/corporate-page'));
const ContactPage = page(() => import('../features/content/contact-page'));
const PromotionsPage = page(() => import('../features/content/promotions-page'));
const SitemapPage = page(() => import('../features/content/sitemap-page'));
const TermsPage = page(() => import('../features/legal/terms-page'));
const PrivacyPage = page(() => import('../features/legal/privacy-page'));
const NewsletterConfirmPage = page(() => import('../features/content/newsletter-confirm-page'));
const NewsletterUnsubscribePage = page(() => import('../features/content/newsletter-unsubscribe-page'));
const LoginPage = page(() => import('../features/auth/login-page'));
const ProfilePage = page(() => import('../features/auth/profile-page'));
const BookingSummaryPage = page(() => import('../features/bookings/booking-summary-page'));
const BookingSuccessPage = page(() => import('../features/bookings/booking-success-page'));
const MyBookingsPage = page(() => import('../features/bookings/my-bookings-page'));

const pages: Partial<Record<SitePathName, Page>> = {
  home: HomePage,
  cars: CarListingPage,
  carDetails: CarDetailsPage,
  about: AboutPage,
  howItWorks: HowItWorksPage,
  articles: ArticlesPage,
  article: ArticlePage,
  corporate: CorporatePage,
  contact: ContactPage,
  promotions: PromotionsPage,
  sitemap: SitemapPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  login: LoginPage,
  register: LoginPage,
};

/** Loads the chunk of the page at `pathname` (nothing for a path without one). */
export function preloadPage(pathname: string): Promise<unknown> {
  const name = matchSitePath(pathname);
  return (name && pages[name]?.preload()) ?? Promise.resolve();
}

export function AppRoutes() {
  // An error screen belongs to the address it happened on: moving on clears it.
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route
        path={sitePaths.admin}
        element={
          <RouteErrorBoundary key={pathname}>
            <AdminApp />
          </RouteErrorBoundary>
        }
      />
      <Route element={<RootLayout />}>
        <Route path={sitePaths.home} element={<HomePage />} />
        <Route path={sitePaths.cars} element={<CarListingPage />} />
        <Route path={sitePaths.carDetails} element={<CarDetailsPage />} />
        <Route path={sitePaths.about} element={<AboutPage />} />
        <Route path={sitePaths.howItWorks} element={<HowItWorksPage />} />
        <Route path={sitePaths.articles} element={<ArticlesPage />} />
        <Route path={sitePaths.article} element={<ArticlePage />} />
        <Route path={sitePaths.corporate} element={<CorporatePage />} />
        <Route path={sitePaths.contact} element={<ContactPage />} />
        <Route path={sitePaths.promotions} element={<PromotionsPage />} />
        <Route path={sitePaths.sitemap} element={<SitemapPage />} />
        <Route path={sitePaths.terms} element={<TermsPage />} />
        <Route path={sitePaths.privacy} element={<PrivacyPage />} />
        <Route path={sitePaths.newsletterConfirm} element={<NewsletterConfirmPage />} />
        <Route path={sitePaths.newsletterUnsubscribe} element={<NewsletterUnsubscribePage />} />
        <Route path={sitePaths.login} element={<LoginPage />} />
        <Route path={sitePaths.register} element={<LoginPage />} />
        <Route path={sitePaths.profile} element={<ProfilePage />} />
        <Route path={sitePaths.booking} element={<BookingSummaryPage />} />
        <Route path={sitePaths.bookingSuccess} element={<BookingSuccessPage />} />
        <Route path={sitePaths.myBookings} element={<MyBookingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
