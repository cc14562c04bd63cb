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
          { path: sitePaths.login, lazy: () => import('../features/auth/login-page') },
          { path: sitePaths.register, lazy: () => import('../features/auth/login-page') },
          { path: sitePaths.profile, lazy: () => import('../features/auth/profile-page') },
          { path: '*', lazy: () => import('../features/pages/not-found-page') },
        ],
      },
    ],
  },
]);
