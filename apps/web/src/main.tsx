import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './lib/i18n';
import { router } from './app/router';
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
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
