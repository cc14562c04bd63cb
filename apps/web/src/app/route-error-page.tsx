import { Component, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';

/**
 * The generic error screen (spec §2): an unexpected rendering error shows a
 * title, a refresh button and back to home. It is plain markup so it still
 * works when the error came from the layout itself.
 */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  return (
    <section
      role="alert"
      className="container-page flex flex-col items-center py-20 text-center"
      data-testid="error-screen"
    >
      <h1 className="text-3xl">{t('errorScreen.title')}</h1>
      <p className="mt-3 max-w-md text-slate-700">{t('errorScreen.text')}</p>
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn-action" onClick={() => window.location.reload()}>
          {t('errorScreen.refresh')}
        </button>
        <a href="/" className="btn-outline">
          {t('errorScreen.backHome')}
        </a>
      </div>
    </section>
  );
}

/**
 * Catches a page that fails to render (or whose chunk fails to load, say
 * offline) and shows the error screen in its place. Give it a `key` that
 * changes with the address, so moving to another page tries again.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
