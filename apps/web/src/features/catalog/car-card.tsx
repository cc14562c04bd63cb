import { Fuel, Settings2, Users } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import type { Car } from '@siam/contract/catalog';
import { CarImage } from './car-image';
import { formatBaht } from '../../lib/money';

/** A listing card (spec §2): picture, category badge, model name, price per day, book now. */
export function CarCard({
  car,
  view = 'grid',
  linkQuery = '',
  eager = false,
  formatPrice = formatBaht,
}: {
  car: Car;
  view?: 'grid' | 'list';
  /** Dates and branch chosen in the listing, carried to the car page. */
  linkQuery?: string;
  eager?: boolean;
  /** The listing shows prices in the visitor's chosen currency (display-currency.tsx); the home page, baht. */
  formatPrice?: (baht: string | number) => string;
}) {
  const { t } = useTranslation('catalog');
  const href = `/cars/${car.car_model_id}${linkQuery}`;
  const price = car.hot_deal?.price_per_day ?? car.price_per_day;
  // Dates chosen: what those days cost with the rules (seasons, weekends, tiers), from the server.
  const dated = car.dated_price ?? null;
  return (
    <article
      data-testid="car-card"
      className={`below-fold flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm [--below-fold-height:440px] ${view === 'list' ? 'flex-col sm:flex-row' : 'flex-col'}`}
    >
      <div className={`relative bg-sand-50 ${view === 'list' ? 'sm:w-72 sm:shrink-0' : ''}`}>
        <CarImage
          car={car}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[8/5] h-auto w-full object-cover"
        />
        <span className="absolute top-3 left-3 rounded-full bg-brand-700 px-3 py-0.5 text-sm font-semibold text-white">
          {car.category_name}
        </span>
        {car.hot_deal && (
          <span className="absolute top-3 right-3 rounded-full bg-red-700 px-3 py-0.5 text-sm font-semibold text-white">
            {t('card.dealBadge', { percent: Number(car.hot_deal.discount_percent) })}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg">
          <Link to={href} className="hover:underline">
            {car.car_model_name}
          </Link>
        </h3>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <li className="inline-flex items-center gap-1">
            <Users aria-hidden size={16} /> {t('card.seats', { count: car.seats })}
          </li>
          <li className="inline-flex items-center gap-1">
            <Settings2 aria-hidden size={16} /> {t(`transmission.${car.transmission}`)}
          </li>
          <li className="inline-flex items-center gap-1">
            <Fuel aria-hidden size={16} /> {t(`fuel.${car.fuel}`)}
          </li>
        </ul>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-2">
          <p>
            {car.hot_deal && !dated && (
              <span className="mr-2 text-sm text-slate-600 line-through">
                <span className="sr-only">{t('card.was')} </span>
                {formatPrice(car.price_per_day)}
              </span>
            )}
            <span className="text-xl font-semibold text-brand-800" data-testid="car-price">
              {formatPrice(dated ? dated.per_day / 100 : price)}
            </span>
            <span className="text-sm text-slate-700">{t(dated ? 'card.perDayAverage' : 'perDay')}</span>
            {dated && (
              // The server's price for the chosen dates, as the booking charges it (decision 3531).
              <span className="block text-sm text-slate-800" data-testid="car-total">
                {t('card.totalFor', { count: dated.days, total: formatPrice(dated.total / 100) })}
              </span>
            )}
          </p>
          <Link
            to={href}
            className="btn-action whitespace-nowrap"
            aria-label={t('card.bookNowLabel', { name: car.car_model_name })}
          >
            {t('card.bookNow')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The placeholder while the listing loads: same size as a card, so nothing shifts. */
export function CarCardSkeleton() {
  return (
    <div
      data-testid="car-skeleton"
      aria-hidden
      className="animate-pulse overflow-hidden rounded-xl border border-slate-200"
    >
      <div className="aspect-[8/5] bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-2/3 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
        <div className="h-10 w-full rounded bg-slate-200" />
      </div>
    </div>
  );
}
