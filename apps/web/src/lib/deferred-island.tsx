import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from './use-translation';

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
    // The server wrote the island in the page's first language. Should the visitor switch language
    // before the island has come to life, that HTML is in the other language: React would find it
    // not to match the island's first render (and throw it away with an error). A new key draws the
    // island afresh in the new language instead. Once alive, it follows the language as any part does.
    const { i18n } = useTranslation();
    const [first] = useState(i18n.language);
    const [alive, setAlive] = useState(false);
    const [fresh, setFresh] = useState(false);
    if (!alive && !fresh && i18n.language !== first) setFresh(true);
    return (
      <Suspense key={fresh ? 'client' : 'server'} fallback={null}>
        <Alive onAlive={setAlive}>
          <Lazy {...props} />
        </Alive>
      </Suspense>
    );
  }
  return Island;
}

/** Says when its island's content is on the page (adopted or drawn). */
function Alive({ onAlive, children }: { onAlive: (alive: true) => void; children: ReactNode }) {
  useEffect(() => onAlive(true), [onAlive]);
  return children;
}
