import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from '../../lib/router';
import { deferredIsland } from '../../lib/deferred-island';
import { visitorChoice } from '../../lib/language-detector';
import { pageIsLive, serverRenderedPage } from '../../lib/server-rendered';
import { RouteErrorBoundary } from '../route-error-page';
import { SiteHeader } from './site-header';

/** The footer (links, contact, the newsletter box): plain links until the browser is free. */
const SiteFooter = deferredIsland(() => import('./site-footer').then((m) => m.SiteFooter));

/** The floating LINE, phone and Messenger buttons: plain links until the browser is free. */
const FloatingContact = deferredIsland(() => import('./floating-contact').then((m) => m.FloatingContact));

function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Marks <html data-hydrated> once the page inside the frame is live: in a
 * server-rendered page its buttons work from then on. The browser tests wait
 * for it before they click (e2e/fixtures.ts).
 */
function MarkHydrated() {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // What waited for it (a language switched before the page was live) happens now.
    pageIsLive();
    // The server chose the page's language without the visitor's stored choice (it cannot
    // read the browser's storage); once the page is live, the visitor's own choice wins.
    const choice = serverRenderedPage ? visitorChoice() : undefined;
    if (choice && choice !== i18n.resolvedLanguage) void i18n.changeLanguage(choice);
  }, [i18n]);
  return null;
}

export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="container-page min-h-[60vh] py-16" aria-busy="true">
      <p className="sr-only">{t('loading')}</p>
    </div>
  );
}

/** The frame every page shares (spec §2): navigation, footer, floating contact buttons. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <ScrollToTopOnRouteChange />
      <SiteHeader />
      {/* At least a screen tall: the footer never shows, then jumps away, while a page loads (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh outline-none">
        {/* Errors inside a page render within the frame, so navigation still works. */}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageFallback />}>
            {children}
            <MarkHydrated />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <FloatingContact />
    </>
  );
}
