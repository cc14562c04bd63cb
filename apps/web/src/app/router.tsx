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
          { path: '*', lazy: () => import('../features/pages/not-found-page') },
        ],
      },
    ],
  },
]);
