import { useMutation } from '@tanstack/react-query';
import { Gift, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import type { Review } from '@siam/contract/content';
import { ApiError, apiRequest } from '../../lib/api-client';

interface ReviewValues {
  rating: string;
  text: string;
}

/**
 * "Write a review for a discount coupon" (spec §2, booking success page and
 * rental history). Mount it for a completed or active booking of the signed-in
 * customer: `<ReviewForm bookingId={id} />`. On success it shows the one-time
 * coupon the server issued.
 */
export function ReviewForm({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation('content');
  const id = useId();
  const [hover, setHover] = useState(0);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ReviewValues>({ defaultValues: { rating: '', text: '' } });
  const rating = Number(useWatch({ control, name: 'rating' })) || 0;
  const mutation = useMutation({
    mutationFn: (values: ReviewValues) =>
      apiRequest<{ response: { data: Review } }>(`/auth/bookings/${bookingId}/review`, {
        method: 'POST',
        body: { rating: Number(values.rating), text: values.text },
      }).then((r) => r.response.data),
    onError: (error) => {
      if (error instanceof ApiError)
        for (const f of error.fieldErrors)
          if (f.path === 'rating' || f.path === 'text') setError(f.path, { message: f.message });
    },
  });

  if (mutation.data)
    return (
      <section role="status" className="rounded-2xl border border-green-700 bg-green-50 p-6">
        <h2 className="text-xl">{t('review.thanksTitle')}</h2>
        {mutation.data.coupon ? (
          <>
            <p className="mt-2">{t('review.thanksText')}</p>
            <p className="mt-3 flex items-center gap-2">
              <Gift aria-hidden className="text-brand-700" />
              <span className="sr-only">{t('review.couponLabel')}: </span>
              <code
                className="rounded bg-white px-3 py-1 text-xl font-semibold tracking-wider"
                data-testid="review-coupon"
              >
                {mutation.data.coupon.code}
              </code>
            </p>
            <p className="mt-2 text-slate-800">{mutation.data.coupon.description}</p>
          </>
        ) : (
          <p className="mt-2">{t('review.noCoupon')}</p>
        )}
      </section>
    );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 p-6">
      <h2 id={`${id}-title`} className="text-xl">
        {t('review.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('review.lead')}</p>
      <form
        noValidate
        onSubmit={handleSubmit((v) => mutation.mutate(v))}
        className="mt-4 flex flex-col gap-4"
      >
        <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
          <legend className="field-label">{t('review.ratingLegend')}</legend>
          <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded p-1 has-[:focus-visible]:outline-2"
                onMouseEnter={() => setHover(n)}
              >
                <input
                  type="radio"
                  value={n}
                  className="sr-only"
                  {...register('rating', { required: t('validation.choose') })}
                />
                <Star
                  aria-hidden
                  size={32}
                  className={(hover || rating) >= n ? 'fill-action-500 text-action-500' : 'text-slate-400'}
                />
                <span className="sr-only">{t('review.stars', { count: n })}</span>
              </label>
            ))}
          </div>
          {errors.rating?.message && (
            <p id={`${id}-rating-error`} role="alert" className="field-error">
              {errors.rating.message}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={`${id}-text`} className="field-label">
            {t('review.text')}
          </label>
          <textarea
            id={`${id}-text`}
            rows={5}
            maxLength={2000}
            className="field-input"
            aria-invalid={Boolean(errors.text)}
            aria-describedby={errors.text ? `${id}-text-error` : undefined}
            {...register('text', {
              required: t('validation.required'),
              minLength: { value: 10, message: t('validation.tooShort', { min: 10 }) },
            })}
          />
          {errors.text?.message && (
            <p id={`${id}-text-error`} role="alert" className="field-error">
              {errors.text.message}
            </p>
          )}
        </div>
        {mutation.error && (
          <p role="alert" className="field-error">
            {mutation.error.message}
          </p>
        )}
        <button type="submit" className="btn-action self-start" disabled={mutation.isPending}>
          {mutation.isPending ? t('review.sending') : t('review.submit')}
        </button>
      </form>
    </section>
  );
}
