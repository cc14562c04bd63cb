import {
  BadgeCheck,
  CalendarCheck,
  CarFront,
  Clock,
  KeyRound,
  MapPin,
  ShieldCheck,
  Wallet,
} from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import type { HotDeal } from '@siam/contract/catalog';
import { NewsletterForm } from '../newsletter/newsletter-form';
import { useHotDeals, useTestimonials } from '../catalog/catalog-api';
import { CarImage } from '../catalog/car-image';
import { formatBaht } from '../../lib/money';
import { HotDealCountdown } from '../catalog/hot-deal-countdown';
import { Stars } from '../catalog/stars';

function DealCard({ deal, answeredAt }: { deal: HotDeal; answeredAt: number }) {
  const { t } = useTranslation('home');
  const [ended, setEnded] = useState(false);
  const onEnd = useCallback(() => setEnded(true), []);
  return (
    <article
      data-testid="hot-deal"
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative bg-sand-50">
        <CarImage car={deal.car} alt="" loading="lazy" className="aspect-[8/5] h-auto w-full object-cover" />
        <span className="absolute top-3 right-3 rounded-full bg-red-700 px-3 py-0.5 text-sm font-semibold text-white">
          {t('deals.off', { percent: Number(deal.discount_percent) })}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-lg">{deal.car.car_model_name}</h3>
        <p>
          <span className="mr-2 text-sm text-slate-600 line-through">
            {formatBaht(deal.car.price_per_day)}
          </span>
          <span className="text-xl font-semibold text-brand-800">{formatBaht(deal.price_per_day)}</span>
          <span className="text-sm text-slate-700">{t('perDay')}</span>
        </p>
        <HotDealCountdown endsAt={deal.ends_at} answeredAt={answeredAt} onEnd={onEnd} />
        {!ended && (
          <Link to={`/cars/${deal.car.car_model_id}`} className="btn-action mt-auto">
            {t('deals.book')}
          </Link>
        )}
      </div>
    </article>
  );
}

/**
 * The home page below the fold: hot deals, why choose us, how it works,
 * testimonials and the newsletter. In the server's HTML (a phone reads it
 * before any script has run), each section laid out only when scrolled near.
 */
export function HomeMore() {
  const { t } = useTranslation('home');
  const deals = useHotDeals(3);
  const testimonials = useTestimonials(3);
  const reasons = [
    { Icon: Wallet, key: 'price' },
    { Icon: ShieldCheck, key: 'insurance' },
    { Icon: MapPin, key: 'branches' },
    { Icon: Clock, key: 'support' },
  ] as const;
  const steps = [
    { Icon: CarFront, key: 'choose' },
    { Icon: CalendarCheck, key: 'book' },
    { Icon: BadgeCheck, key: 'pay' },
    { Icon: KeyRound, key: 'drive' },
  ] as const;
  return (
    <>
      {deals.data && deals.data.length > 0 && (
        <section aria-labelledby="deals-title" className="bg-sand-100 py-12 below-fold">
          <div className="container-page">
            <h2 id="deals-title" className="text-2xl md:text-3xl">
              {t('deals.title')}
            </h2>
            <p className="mt-2 text-slate-700">{t('deals.text')}</p>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {deals.data.map((deal) => (
                <li key={deal.id} className="flex">
                  <DealCard deal={deal} answeredAt={deals.dataUpdatedAt} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section aria-labelledby="why-title" className="container-page py-12 below-fold">
        <h2 id="why-title" className="text-2xl md:text-3xl">
          {t('why.title')}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ Icon, key }) => (
            <li key={key} className="rounded-xl bg-sand-50 p-5">
              <Icon aria-hidden size={28} className="text-brand-700" />
              <h3 className="mt-3 text-lg">{t(`why.${key}.title`)}</h3>
              <p className="mt-1 text-slate-700">{t(`why.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="bg-brand-50 py-12 below-fold">
        <div className="container-page">
          <h2 id="how-title" className="text-2xl md:text-3xl">
            {t('how.title')}
          </h2>
          <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(({ Icon, key }, i) => (
              <li key={key} className="rounded-xl bg-white p-5 shadow-sm">
                <span className="flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
                    {i + 1}
                  </span>
                  <Icon aria-hidden size={24} className="text-brand-700" />
                </span>
                <h3 className="mt-3 text-lg">{t(`how.${key}.title`)}</h3>
                <p className="mt-1 text-slate-700">{t(`how.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {testimonials.data && testimonials.data.length > 0 && (
        <section aria-labelledby="testimonials-title" className="container-page py-12 below-fold">
          <h2 id="testimonials-title" className="text-2xl md:text-3xl">
            {t('testimonials.title')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {testimonials.data.map((item) => (
              <li key={item.id}>
                <figure className="h-full rounded-xl border border-slate-200 p-5">
                  <Stars rating={item.rating} label={t('testimonials.rating', { rating: item.rating })} />
                  <blockquote className="mt-3 text-slate-800">“{item.text}”</blockquote>
                  <figcaption className="mt-3 text-sm text-slate-700">
                    <span className="font-semibold text-slate-900">{item.name}</span>, {item.city}
                    {item.car_model_name && <> · {item.car_model_name}</>}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="newsletter-title" className="container-page pb-4 below-fold">
        <div className="rounded-xl bg-sand-100 p-6 md:p-8">
          <h2 id="newsletter-title" className="text-2xl">
            {t('newsletter.title')}
          </h2>
          <p className="mt-2 mb-4 text-slate-700">{t('newsletter.text')}</p>
          <NewsletterForm variant="light" />
        </div>
      </section>
    </>
  );
}
