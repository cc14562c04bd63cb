import { startTransition, useEffect, useState } from 'react';
import { serverRenderedPage } from './server-rendered';

/** Until the server's HTML is hydrated, the browser must render exactly what the server did. */
let hydrating = serverRenderedPage;

/**
 * False while the server renders a page and while the browser hydrates that
 * HTML, true from the render after. What only the browser knows (the stored
 * session, favourites, the clock) waits for it, so the first client render
 * matches the server's HTML exactly. A page the browser renders on its own
 * (no server HTML), and any screen after the first, sees true from the start.
 *
 * Not useSyncExternalStore: its switch from the server's snapshot to the
 * browser's is a synchronous re-render, which on a slow phone froze the page
 * for a quarter of a second. Here the switch is a transition React can pause
 * for a tap (docs/decisions/0009).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(typeof document !== 'undefined' && !hydrating);
  useEffect(() => {
    if (hydrated) return;
    hydrating = false;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
