import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { i18nReady } from './lib/i18n';
import { RouteErrorBoundary } from './app/route-error-page';
import { AppRoutes } from './app/router';
import { SessionProvider } from './features/auth/session-provider';

// The API client retries reads itself (spec §9); a second layer of retries would multiply them.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const root = createRoot(document.getElementById('root')!);
void i18nReady.finally(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <BrowserRouter>
            <RouteErrorBoundary>
              <Suspense fallback={null}>
                <AppRoutes />
              </Suspense>
            </RouteErrorBoundary>
          </BrowserRouter>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
