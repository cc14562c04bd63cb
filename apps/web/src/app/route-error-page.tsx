import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/pages/not-found-page';

/**
 * The generic error screen (spec §2): an unexpected rendering error shows a
 * title, a refresh button and back to home. It is plain markup so it still
 * works when the error came from the layout itself.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
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
