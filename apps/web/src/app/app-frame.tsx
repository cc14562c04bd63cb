import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { Suspense } from 'react';
import { SessionProvider } from './session/session-provider';
import { RouteErrorBoundary } from './route-error-page';
import { AppRoutes } from './router';

/** Where a server-rendered page keeps the API answers it was rendered with. */
export const serverStateElementId = 'siam-query-state';

/** An API answer a server-rendered page was made with, as the page carries it. */
export interface ServerAnswer {
  key: QueryKey;
  data: unknown;
  /** When the server got it (ms since 1970): the browser refetches it after the usual staleTime. */
  at: number;
}

/** The answers the server's render used: the successful ones (a failed call is left to the browser). */
export function serverAnswers(queryClient: QueryClient): ServerAnswer[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }));
}

/**
 * Puts a server-rendered page's answers into the browser's cache before its
 * first render, so that render matches the HTML and fetches nothing. (TanStack's
 * own hydrate() does this too, and also for mutations and pending promises the
 * site never sends, for 2.5 KB more in every visitor's first download.)
 */
export function seedQueryCache(queryClient: QueryClient, answers: ServerAnswer[]) {
  for (const answer of answers) queryClient.setQueryData(answer.key, answer.data, { updatedAt: answer.at });
}

export function createQueryClient() {
  // The API client retries reads itself (spec §9); a second layer of retries would multiply them.
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * Everything inside the router, the same in the browser (main.tsx) and on the
 * server (entry-server.tsx), so the server's HTML is what the browser's first
 * render would make.
 */
export function AppFrame() {
  return (
    <SessionProvider>
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </SessionProvider>
  );
}
