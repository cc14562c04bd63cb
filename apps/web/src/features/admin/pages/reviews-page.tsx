import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import type { adminReviewSchema } from '@siam/contract/content';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, SelectField, useFormats } from '../admin-ui';

type AdminReview = z.infer<typeof adminReviewSchema>;
const statuses = ['pending', 'approved', 'rejected'] as const;

function ReviewItem({ review }: { review: AdminReview }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const approve = useAdminMutation<null>('POST', `/reviews/${review.id}/approve`);
  const hide = useAdminMutation<null>('POST', `/reviews/${review.id}/reject`);
  return (
    <li
      className="border-b border-slate-100 py-3"
      aria-label={t('reviews.itemLabel', { name: review.customerName })}
    >
      <p className="font-semibold">
        {t('reviews.stars', { count: review.rating })} · {review.customerName} · {review.customerEmail}
      </p>
      <p className="whitespace-pre-line">{review.text}</p>
      <p className="text-sm text-slate-600">
        {dateTime(review.createdAt)} · {t(`reviews.status.${review.status}`)}
      </p>
      <div className="mt-2 flex gap-3">
        {review.status !== 'approved' && (
          <button
            type="button"
            className="btn-primary"
            disabled={approve.isPending}
            onClick={() => approve.mutate(undefined)}
          >
            {t('reviews.approve')}
          </button>
        )}
        {review.status !== 'rejected' && (
          <button
            type="button"
            className="btn-outline"
            disabled={hide.isPending}
            onClick={() => hide.mutate(undefined)}
          >
            {t('reviews.hide')}
          </button>
        )}
      </div>
      <ErrorNote error={approve.error ?? hide.error} />
    </li>
  );
}

/** Review moderation: approve a review (it shows among the testimonials) or hide it. */
export function ReviewsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'pending';
  const list = useAdminQuery<AdminReview[]>('/reviews', status === 'all' ? {} : { status });
  return (
    <>
      <PageTitle title={t('reviews.title')} />
      <SelectField
        label={t('bookings.statusLabel')}
        value={status}
        className="mb-4 max-w-xs"
        onChange={(e) => setParams(new URLSearchParams({ status: e.target.value }), { replace: true })}
      >
        <option value="all">{t('all')}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {t(`reviews.status.${s}`)}
          </option>
        ))}
      </SelectField>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {list.data && (
        <Card>
          {list.data.length === 0 ? (
            <p className="text-slate-600">{t('reviews.none')}</p>
          ) : (
            <ul>
              {list.data.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ul>
          )}
        </Card>
      )}
    </>
  );
}
