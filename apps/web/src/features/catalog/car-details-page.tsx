import {
  ArrowLeft,
  Briefcase,
  Check,
  Clock,
  DoorOpen,
  Fuel,
  Heart,
  MapPin,
  Phone,
  Settings2,
  Share2,
  Users,
  X,
} from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { specInLanguage } from './spec-words';
import { useParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import type { CarDetails } from '@siam/contract/catalog';
import { specKeys } from '@siam/contract/catalog-rules';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { shareLink } from '../../lib/share-link';
import { BookingBox } from './booking-box';
import { useCar, useRentalConditions, useTestimonials } from './catalog-api';
import { Stars } from './stars';
import { CarGallery } from './car-gallery';
import { useLicenceRuleWords } from '../../lib/licence-rules';
import { formatBaht } from '../../lib/money';
import { useDisplayCurrency } from './display-currency';

const FAVORITES_KEY = 'favoriteCars';
const favoritesEvent = 'siam:favorites';

function readFavorites(): number[] {
  try {
    const value = JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/** A visitor's favorites, kept in this browser. */
function useFavorite(id: number): [boolean, () => void] {
  const raw = useSyncExternalStore(
    (onChange) => {
      window.addEventListener(favoritesEvent, onChange);
      window.addEventListener('storage', onChange);
      return () => {
        window.removeEventListener(favoritesEvent, onChange);
        window.removeEventListener('storage', onChange);
      };
    },
    () => localStorage.getItem(FAVORITES_KEY) ?? '[]',
    // The server has no favourites: its page (and the hydration of it) shows the heart empty.
    () => '[]',
  );
  const on = raw.includes(String(id)) && readFavorites().includes(id);
  const toggle = () => {
    const list = readFavorites().filter((v) => v !== id);
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(on ? list : [...list, id]));
    window.dispatchEvent(new Event(favoritesEvent));
  };
  return [on, toggle];
}

function ShareButton({ car }: { car: CarDetails }) {
  const { t } = useTranslation('catalog');
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if ((await shareLink({ title: car.car_model_name, url: window.location.href })) === 'copied') {
      setCopied(true);
      setTimeout(() => setCopied(false), 4000);
    }
  };
  return (
    <div className="relative">
      <button type="button" className="btn-outline" onClick={() => void share()}>
        <Share2 aria-hidden size={18} /> {t('details.share')}
      </button>
      <p role="status" className="absolute top-full right-0 mt-1 text-sm whitespace-nowrap text-green-800">
        {copied ? t('details.linkCopied') : ''}
      </p>
    </div>
  );
}

/**
 * What renters said about this car: their average and their published reviews, newest first (issue
 * 18, part 5). A car nobody has reviewed yet says so.
 */
function CarReviews({ car }: { car: CarDetails }) {
  const { t } = useTranslation('catalog');
  const reviews = useTestimonials(6, car.car_model_id, car.rating.count > 0);
  return (
    <section aria-labelledby="reviews-title" className="mt-10" data-testid="car-reviews">
      <h2 id="reviews-title" className="text-2xl">
        {t('reviews.title')}
      </h2>
      {car.rating.count === 0 ? (
        <p className="mt-2 text-slate-700">{t('reviews.none')}</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Stars
              rating={car.rating.average}
              label={t('reviews.average', { average: car.rating.average })}
            />
            <span className="text-slate-800">
              {t('reviews.summary', { average: car.rating.average, count: car.rating.count })}
            </span>
          </div>
          <ul className="mt-4 space-y-4">
            {reviews.data?.map((r) => (
              <li key={r.id}>
                <figure className="rounded-lg border border-slate-200 p-4">
                  <Stars rating={r.rating} label={t('reviews.rating', { rating: r.rating })} />
                  <blockquote className="mt-2 text-slate-800">“{r.text}”</blockquote>
                  <figcaption className="mt-2 text-sm text-slate-700">
                    <span className="font-semibold text-slate-900">{r.name}</span>, {r.city}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The rules this car is rented under, in the words of the terms: its category's driver rules as the
 * booking checks them, and the figures of the contract's rental-rules.ts (decision 3505).
 */
function RentalRules({ car }: { car: CarDetails }) {
  const { t, i18n } = useTranslation('catalog');
  const licenceWords = useLicenceRuleWords(i18n.language);
  const rules = car.driver_rules;
  const ages = { minAge: rules.min_age, maxAge: rules.max_age, years: rules.min_licence_years };
  return (
    <div className="md:col-span-2" data-testid="rental-rules">
      <h3 className="text-lg">{t('details.rules.title')}</h3>
      <ul className="mt-2 list-disc space-y-2 ps-5">
        <li>{t(rules.max_age === null ? 'details.rules.drivers' : 'details.rules.driversMax', ages)}</li>
        <li>{t('details.rules.permit', licenceWords)}</li>
        <li>{t('details.rules.payment')}</li>
        <li>{t('details.rules.cancellation')}</li>
        <li>{t('details.rules.lateReturn')}</li>
        <li>{t('details.rules.seats')}</li>
      </ul>
    </div>
  );
}

function RentalTerms({ car }: { car: CarDetails }) {
  const { t } = useTranslation('catalog');
  const included = useRentalConditions('included');
  const excluded = useRentalConditions('not_included');
  return (
    <section aria-labelledby="terms-title" className="mt-10">
      <h2 id="terms-title" className="text-2xl">
        {t('details.terms')}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-lg">{t('details.included')}</h3>
          <ul className="mt-2 space-y-2">
            {included.data?.map((c) => (
              <li key={c.id} className="flex gap-2">
                <Check aria-hidden size={18} className="mt-1 shrink-0 text-green-700" /> {c.text}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-lg">{t('details.notIncluded')}</h3>
          <ul className="mt-2 space-y-2">
            {excluded.data?.map((c) => (
              <li key={c.id} className="flex gap-2">
                <X aria-hidden size={18} className="mt-1 shrink-0 text-red-700" /> {c.text}
              </li>
            ))}
          </ul>
        </div>
        <RentalRules car={car} />
      </div>
    </section>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation('catalog');
  return (
    <div className="container-page py-8" aria-busy="true">
      <p className="sr-only">{t('details.loading')}</p>
      <div className="grid animate-pulse gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="aspect-[8/5] rounded-xl bg-slate-200" />
        <div className="h-96 rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}

function CarView({ car }: { car: CarDetails }) {
  const { t, i18n } = useTranslation('catalog');
  const { price } = useDisplayCurrency();
  const [favorite, toggleFavorite] = useFavorite(car.car_model_id);
  const specs = specKeys.filter((k) => car.specs[k]);
  const facts = [
    { Icon: Users, label: t('details.seats'), value: String(car.seats) },
    { Icon: DoorOpen, label: t('details.doors'), value: String(car.doors) },
    { Icon: Briefcase, label: t('details.luggage'), value: String(car.luggage) },
    { Icon: Settings2, label: t('specs.transmission'), value: t(`transmission.${car.transmission}`) },
    { Icon: Fuel, label: t('details.fuel'), value: t(`fuel.${car.fuel}`) },
  ];
  return (
    <div className="container-page py-8">
      <Link
        to="/cars"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden size={18} /> {t('details.backToList')}
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <CarGallery car={car} />
          <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
            <div>
              <span className="rounded-full bg-brand-700 px-3 py-0.5 text-sm font-semibold text-white">
                {car.category_name}
              </span>
              <h1 className="mt-2 text-3xl md:text-4xl">{car.car_model_name}</h1>
              {car.hot_deal && (
                <p className="mt-1 font-semibold text-red-800" data-testid="deal-saving">
                  {t('details.saving', {
                    amount: price(car.hot_deal.saving_per_day),
                    percent: Number(car.hot_deal.discount_percent),
                  })}
                </p>
              )}
            </div>
            <div className="flex gap-2">
              <button type="button" className="btn-outline" aria-pressed={favorite} onClick={toggleFavorite}>
                <Heart aria-hidden size={18} className={favorite ? 'fill-red-600 text-red-600' : ''} />
                {favorite ? t('details.favorited') : t('details.favorite')}
              </button>
              <ShareButton car={car} />
            </div>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {facts.map(({ Icon, label, value }) => (
              <li key={label} className="rounded-lg bg-sand-100 p-3 text-center">
                <Icon aria-hidden size={20} className="mx-auto text-brand-700" />
                <span className="block text-sm text-slate-700">{label}</span>
                <span className="font-semibold">{value}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-lg">{car.description}</p>

          <section aria-labelledby="specs-title" className="mt-10">
            <h2 id="specs-title" className="text-2xl">
              {t('details.specifications')}
            </h2>
            <dl className="mt-4 grid gap-x-8 sm:grid-cols-2">
              <div className="flex justify-between gap-4 border-b border-slate-200 py-2">
                <dt className="text-slate-700">{t('specs.transmission')}</dt>
                <dd className="font-semibold">{t(`transmission.${car.transmission}`)}</dd>
              </div>
              {specs.map((key) => (
                <div key={key} className="flex justify-between gap-4 border-b border-slate-200 py-2">
                  <dt className="text-slate-700">{t(`specs.${key}`)}</dt>
                  <dd className="text-right font-semibold">
                    {specInLanguage(car.specs[key]!, i18n.resolvedLanguage ?? 'en')}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          {car.features.length > 0 && (
            <section aria-labelledby="features-title" className="mt-10">
              <h2 id="features-title" className="text-2xl">
                {t('details.features')}
              </h2>
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {car.features.map((f) => (
                  <li key={f.key} className="flex gap-2">
                    <Check aria-hidden size={18} className="mt-1 shrink-0 text-green-700" /> {f.name}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <CarReviews car={car} />

          <RentalTerms car={car} />

          <section aria-labelledby="provider-title" className="mt-10">
            <h2 id="provider-title" className="text-2xl">
              {t('details.provider')}
            </h2>
            {car.branches.length === 0 ? (
              <p className="mt-2 text-slate-700">{t('details.noBranch')}</p>
            ) : (
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {car.branches.map((b) => (
                  <li key={b.code} className="rounded-lg border border-slate-200 p-4">
                    <h3 className="text-lg">{b.name}</h3>
                    <p className="mt-1 flex gap-2 text-sm text-slate-700">
                      <MapPin aria-hidden size={16} className="mt-1 shrink-0" /> {b.address}
                    </p>
                    {b.counter_place && (
                      <p className="ml-6 text-sm text-slate-700" data-testid="branch-counter-place">
                        {t('details.counterPlace', { place: b.counter_place })}
                      </p>
                    )}
                    <p className="flex gap-2 text-sm text-slate-700">
                      <Clock aria-hidden size={16} className="mt-1 shrink-0" />
                      {t('details.hours', { opens: b.opens_at, closes: b.closes_at })}
                    </p>
                    {b.out_of_hours && (
                      <p className="ml-6 text-sm text-slate-700" data-testid="branch-out-of-hours">
                        {t('details.outOfHours', {
                          opens: b.out_of_hours.opens_at,
                          closes: b.out_of_hours.closes_at,
                          fee: formatBaht(b.out_of_hours.fee),
                        })}
                      </p>
                    )}
                    <a
                      href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}
                      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
                    >
                      <Phone aria-hidden size={16} /> {b.phone}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <BookingBox car={car} />
        </div>
      </div>
    </div>
  );
}

export function CarDetailsPage() {
  const { t } = useTranslation('catalog');
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const car = useCar(id, valid);
  const notFound = !valid || (car.error instanceof ApiError && car.error.httpStatus === 404);
  usePageMeta(
    car.data ? car.data.car_model_name : notFound ? t('details.notFound') : t('details.metaTitle'),
    car.data ? car.data.description : undefined,
  );

  if (notFound || car.isError)
    return (
      <section role="alert" className="container-page flex flex-col items-center py-20 text-center">
        <h1 className="text-3xl">{notFound ? t('details.notFound') : t('details.fetchError')}</h1>
        <div className="mt-6 flex gap-3">
          {!notFound && (
            <button type="button" className="btn-primary" onClick={() => void car.refetch()}>
              {t('listing.retry')}
            </button>
          )}
          <Link to="/cars" className="btn-outline">
            {t('details.backToList')}
          </Link>
        </div>
      </section>
    );
  if (!car.data) return <DetailsSkeleton />;
  return <CarView car={car.data} />;
}

export const Component = CarDetailsPage;
