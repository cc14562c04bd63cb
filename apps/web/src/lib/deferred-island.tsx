import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Resolves once the browser has nothing more urgent to do, or at the visitor's
 * first scroll, tap or key, whichever comes first: the moment a part of the page
 * below the fold may be needed.
 */
function browserIsFree(): Promise<void> {
  return new Promise((resolve) => {
    const events = ['scroll', 'pointerdown', 'keydown'] as const;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      for (const event of events) removeEventListener(event, done);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
      resolve();
    };
    for (const event of events) addEventListener(event, done, { once: true, passive: true });
    // Safari has no requestIdleCallback: a moment after the page's own work is near enough.
    if ('requestIdleCallback' in window) idle = requestIdleCallback(done, { timeout: 4_000 });
    else timer = setTimeout(done, 1_500);
  });
}

/** One wait shared by every island of the page. */
let free: Promise<void> | undefined;

/**
 * A part of a page that costs nothing at load (issue 14, docs/decisions/1402-deferred-islands.md):
 * the server renders it in place, so the visitor sees it at once; in the browser its code is
 * fetched, and its HTML hydrated, only when the browser is idle or the visitor starts to scroll
 * or tap. Until then React keeps the server's HTML as it is (a dehydrated Suspense boundary),
 * and its links work as plain links. On a page the browser renders itself, the part appears then.
 */
export function deferredIsland<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    if (typeof window !== 'undefined') await (free ??= browserIsFree());
    return { default: await load() };
  });
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Island;
}
