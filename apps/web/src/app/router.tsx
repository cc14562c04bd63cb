import { createBrowserRouter } from 'react-router';
import { sitePaths } from '@siam/contract/site-routes';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './route-error-page';

/**
 * Every screen is its own chunk, loaded when its route is first visited
 * (each page module exports `Component`). Paths come from the contract's
 * sitePaths, the same list the server uses to answer 200 or 404.
 */
export const router = createBrowserRouter([
  // The back office: its own frame and chunk, nothing of it in the customers' bundle.
  {
    path: sitePaths.admin,
    errorElement: <RouteErrorPage />,
    lazy: () => import('../features/admin/admin-app'),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors inside a page render within the layout, so navigation still works.
        errorElement: <RouteErrorPage />,
        children: [
          { path: sitePaths.home, lazy: () => import('../features/home/home-page') },
          { path: sitePaths.cars, lazy: () => import('../features/catalog/car-listing-page') },
          { path: sitePaths.carDetails, lazy: () => import('../features/catalog/car-details-page') },
          { path: sitePaths.about, lazy: () => import('../features/pages/about-page') },
          { path: sitePaths.howItWorks, lazy: () => import('../features/pages/how-it-works-page') },
          { path: sitePaths.articles, lazy: () => import('../features/content/articles-page') },
          { path: sitePaths.article, lazy: () => import('../features/content/article-page') },
          { path: sitePaths.corporate, lazy: () => import('../features/content/corporate-page') },
          { path: sitePaths.contact, lazy: () => import('../features/content/contact-page') },
          { path: sitePaths.promotions, lazy: () => import('../features/content/promotions-page') },
          { path: sitePaths.sitemap, lazy: () => import('../features/content/sitemap-page') },
          { path: sitePaths.terms, lazy: () => import('../features/legal/terms-page') },
          { path: sitePaths.privacy, lazy: () => import('../features/legal/privacy-page') },
          {
            path: sitePaths.newsletterConfirm,
            lazy: () => import('../features/content/newsletter-confirm-page'),
          },
          {
            path: sitePaths.newsletterUnsubscribe,
            lazy: () => import('../features/content/newsletter-unsubscribe-page'),
          },
          { path: sitePaths.login, lazy: () => import('../features/auth/login-page') },
          { path: sitePaths.register, lazy: () => import('../features/auth/login-page') },
          { path: sitePaths.profile, lazy: () => import('../features/auth/profile-page') },
          { path: sitePaths.booking, lazy: () => import('../features/bookings/booking-summary-page') },
          { path: sitePaths.bookingSuccess, lazy: () => import('../features/bookings/booking-success-page') },
          { path: sitePaths.myBookings, lazy: () => import('../features/bookings/my-bookings-page') },
          { path: '*', lazy: () => import('../features/pages/not-found-page') },
        ],
      },
    ],
  },
]);
