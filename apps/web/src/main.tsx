import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { matchSitePath } from '@siam/contract/site-routes';
import { i18n, i18nReady } from './lib/i18n';
import { rememberTypedValues, serverRenderedPage } from './lib/server-rendered';
import { pageModules } from './app/page-modules';
import { preloadPage } from './app/router';
import {
  AppFrame,
  createQueryClient,
  seedQueryCache,
  serverStateElementId,
  type ServerAnswer,
} from './app/app-frame';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppFrame />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

if (serverRenderedPage) {
  // The server rendered this page with these answers: the first render reuses
  // them (no second fetch) and matches the HTML, so React adopts it as is.
  const state = document.getElementById(serverStateElementId)?.textContent;
  if (state) seedQueryCache(queryClient, JSON.parse(state) as ServerAnswer[]);
  // As a transition, hydration works in short slices and lets the phone answer
  // a tap or a scroll in between, instead of one long freeze.
  // The page's chunk and texts come first, so nothing suspends while React
  // adopts the HTML: a part that suspended would be thrown away and drawn anew.
  const route = matchSitePath(window.location.pathname);
  const namespaces = [...(route ? (pageModules[route]?.namespaces ?? []) : [])];
  void i18nReady
    .then(() => Promise.all([preloadPage(window.location.pathname), i18n.loadNamespaces(namespaces)]))
    .finally(() =>
      startTransition(() => {
        // What a person typed before now would be put back to the server's values.
        rememberTypedValues();
        void hydrateRoot(container, app, {
          // The page still works (React draws the part that differed afresh), but the
          // server's HTML did not match the browser's first render: a bug, which the
          // browser journeys fail on (e2e/fixtures.ts).
          onRecoverableError(error, info) {
            console.error('[siam] hydration:', error, info.componentStack ?? '');
          },
        });
      }),
    );
} else {
  const root = createRoot(container);
  void i18nReady.finally(() => root.render(app));
}
