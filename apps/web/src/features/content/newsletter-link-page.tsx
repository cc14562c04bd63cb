import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import type { NewsletterStatusResponse } from '@siam/contract/content';
import { apiRequest } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * Where the links in newsletter emails land: the page sends the token to the
 * API once and says what happened. (A mail scanner fetching the link does not
 * run this script, so it cannot confirm or unsubscribe by accident.)
 */
export function NewsletterLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation('content');
  const title = action === 'confirm' ? t('newsletter.confirmTitle') : t('newsletter.unsubscribeTitle');
  usePageMeta(title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({
    mutationFn: () =>
      apiRequest<NewsletterStatusResponse>(`/guest/newsletter/${action}`, {
        method: 'POST',
        body: { token },
      }).then((r) => r.response.data.status),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutation.mutate();
  }, [mutation, token]);

  let message: string;
  if (!token || mutation.isError)
    message = action === 'confirm' ? t('newsletter.invalidLink') : t('newsletter.unsubscribeInvalid');
  else if (mutation.isSuccess)
    message =
      mutation.data === 'confirmed'
        ? t('newsletter.confirmed')
        : mutation.data === 'already_confirmed'
          ? t('newsletter.alreadyConfirmed')
          : t('newsletter.unsubscribed');
  else message = action === 'confirm' ? t('newsletter.confirming') : t('newsletter.unsubscribing');

  return (
    <section className="container-page flex max-w-2xl flex-col items-start py-16">
      <h1 className="text-3xl">{title}</h1>
      <p role="status" className="mt-4 text-lg" data-testid="newsletter-result">
        {message}
      </p>
      <Link to="/" className="btn-primary mt-8">
        {t('newsletter.backHome')}
      </Link>
    </section>
  );
}
