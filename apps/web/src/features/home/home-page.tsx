import {
  BadgeCheck,
  CalendarCheck,
  CarFront,
  Clock,
  KeyRound,
  MapPin,
  Search,
  ShieldCheck,
  Star,
  Wallet,
} from 'lucide-react';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { NewsletterForm } from '../newsletter/newsletter-form';
import {
  useBranches,
  useCategories,
  useHotDeals,
  usePopularCars,
  useTestimonials,
} from '../catalog/catalog-api';
import { CarCard, CarCardSkeleton } from '../catalog/car-card';
import { CarImage } from '../catalog/car-image';
import { formatBaht, todayInBangkok } from '../catalog/format';
import { HotDealCountdown } from '../catalog/hot-deal-countdown';
import type { HotDeal } from '@siam/contract/catalog';

/** The hero's quick search: branch, dates and type, leading to the listing with those filters. */
function QuickSearch() {
  const { t } = useTranslation('home');
  const id = useId();
  const navigate = useNavigate();
  const branches = useBranches();
  const categories = useCategories();
  const today = todayInBangkok();
  const [pickup, setPickup] = useState('');
  const [ret, setRet] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    const branch = String(form.get('branch') ?? '');
    const type = String(form.get('type') ?? '');
    if ((pickup && !ret) || (!pickup && ret)) return setError(t('search.bothDates'));
    if (pickup && pickup < today) return setError(t('search.pickupPast'));
    if (pickup && ret < pickup) return setError(t('search.returnBeforePickup'));
    setError(undefined);
    if (type) params.set('type', type);
    if (pickup) {
      params.set('pickup', pickup);
      params.set('return', ret);
    }
    if (branch) params.set('branch', branch);
    const query = params.toString();
    void navigate(`/cars${query ? `?${query}` : ''}`);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('search.label')}
      className="mt-8 grid gap-3 rounded-xl bg-white p-4 text-slate-900 shadow-lg sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <div>
        <label htmlFor={`${id}-branch`} className="field-label">
          {t('search.branch')}
        </label>
        <select id={`${id}-branch`} name="branch" className="field-input">
          <option value="">{t('search.anyBranch')}</option>
          {branches.data?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-pickup`} className="field-label">
          {t('search.pickup')}
        </label>
        <input
          id={`${id}-pickup`}
          type="date"
          min={today}
          value={pickup}
          onChange={(e) => setPickup(e.target.value)}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor={`${id}-return`} className="field-label">
          {t('search.return')}
        </label>
        <input
          id={`${id}-return`}
          type="date"
          min={pickup || today}
          value={ret}
          onChange={(e) => setRet(e.target.value)}
          className="field-input"
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="field-label">
          {t('search.type')}
        </label>
        <select id={`${id}-type`} name="type" className="field-input">
          <option value="">{t('search.anyType')}</option>
          {categories.data?.map((c) => (
            <option key={c.category_id} value={c.category_slug}>
              {c.category_name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-action">
        <Search aria-hidden size={18} /> {t('search.submit')}
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error sm:col-span-2 lg:col-span-5">
          {error}
        </p>
      )}
    </form>
  );
}

function DealCard({ deal }: { deal: HotDeal }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.resolvedLanguage ?? 'en';
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
            {formatBaht(deal.car.price_per_day, lang)}
          </span>
          <span className="text-xl font-semibold text-brand-800">{formatBaht(deal.price_per_day, lang)}</span>
          <span className="text-sm text-slate-700">{t('perDay')}</span>
        </p>
        <HotDealCountdown endsAt={deal.ends_at} onEnd={onEnd} />
        {!ended && (
          <Link to={`/cars/${deal.car.car_model_id}`} className="btn-action mt-auto">
            {t('deals.book')}
          </Link>
        )}
      </div>
    </article>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('home');
  return (
    <p className="flex gap-0.5 text-action-600" aria-label={t('testimonials.rating', { rating })} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden size={18} className={i < rating ? 'fill-current' : 'text-slate-300'} />
      ))}
    </p>
  );
}

export function HomePage() {
  const { t } = useTranslation('home');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const popular = usePopularCars(6);
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
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <img
          src="/images/hero-road.svg"
          alt=""
          width={1600}
          height={600}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
        <div className="container-page relative py-12 md:py-20">
          <h1 className="max-w-2xl text-3xl text-white md:text-5xl">{t('heroTitle')}</h1>
          <p className="mt-4 max-w-xl text-lg text-slate-100">{t('heroText')}</p>
          <QuickSearch />
        </div>
      </section>

      <section aria-labelledby="popular-title" className="container-page py-12">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="popular-title" className="text-2xl md:text-3xl">
            {t('popular.title')}
          </h2>
          <Link to="/cars" className="font-semibold text-brand-700 hover:underline">
            {t('popular.all')}
          </Link>
        </div>
        {popular.isError ? (
          <p role="alert" className="mt-6 text-slate-800">
            {popular.error.message}{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => void popular.refetch()}
            >
              {t('popular.retry')}
            </button>
          </p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {popular.data
              ? popular.data.map((car) => (
                  <li key={car.car_model_id}>
                    <CarCard car={car} />
                  </li>
                ))
              : Array.from({ length: 6 }, (_, i) => (
                  <li key={i}>
                    <CarCardSkeleton />
                  </li>
                ))}
          </ul>
        )}
      </section>

      {deals.data && deals.data.length > 0 && (
        <section aria-labelledby="deals-title" className="bg-sand-100 py-12">
          <div className="container-page">
            <h2 id="deals-title" className="text-2xl md:text-3xl">
              {t('deals.title')}
            </h2>
            <p className="mt-2 text-slate-700">{t('deals.text')}</p>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {deals.data.map((deal) => (
                <li key={deal.id} className="flex">
                  <DealCard deal={deal} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section aria-labelledby="why-title" className="container-page py-12">
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

      <section aria-labelledby="how-title" className="bg-brand-50 py-12">
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
        <section aria-labelledby="testimonials-title" className="container-page py-12">
          <h2 id="testimonials-title" className="text-2xl md:text-3xl">
            {t('testimonials.title')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {testimonials.data.map((item) => (
              <li key={item.id}>
                <figure className="h-full rounded-xl border border-slate-200 p-5">
                  <Stars rating={item.rating} />
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

      <section aria-labelledby="newsletter-title" className="container-page pb-4">
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

export const Component = HomePage;
