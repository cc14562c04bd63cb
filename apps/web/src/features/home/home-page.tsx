import { takeTypedValue } from '../../lib/server-rendered';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { heroPicture, pictureSizes } from '@siam/contract/images';
import { ResponsiveImg } from '../../lib/responsive-img';
import { usePageMeta } from '../../lib/use-page-meta';
import { useBranches, useCategories, usePopularCars } from '../catalog/catalog-api';
import { CarCard, CarCardSkeleton } from '../catalog/car-card';
import { deferredIsland } from '../../lib/deferred-island';
import { todayInBangkok } from '../catalog/format';

/** Deals with their countdowns, how it works, reviews, newsletter: below the fold, live when the browser is free. */
const HomeMore = deferredIsland(() => import('./home-more').then((m) => m.HomeMore));

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
  // A text key: the message is said in the language of the moment.
  const [error, setError] = useState<string>();
  // Dates picked before the page was live (a slow phone shows the search first): kept. Once,
  // after hydration: the first render must match the server's empty fields.
  useEffect(() => {
    const typed = { pickup: takeTypedValue('search-pickup'), ret: takeTypedValue('search-return') };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time adoption of what was typed before hydration
    if (typed.pickup) setPickup(typed.pickup);
    if (typed.ret) setRet(typed.ret);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    const branch = String(form.get('branch') ?? '');
    const type = String(form.get('type') ?? '');
    if ((pickup && !ret) || (!pickup && ret)) return setError('search.bothDates');
    if (pickup && pickup < today) return setError('search.pickupPast');
    if (pickup && ret < pickup) return setError('search.returnBeforePickup');
    setError(undefined);
    if (type) params.set('type', type);
    if (pickup) {
      params.set('pickup', pickup);
      params.set('return', ret);
    }
    if (branch) params.set('branch', branch);
    const back = String(form.get('returnBranch') ?? '');
    if (branch && back && back !== branch) params.set('returnBranch', back);
    const query = params.toString();
    navigate(`/cars${query ? `?${query}` : ''}`);
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
          data-keep="search-pickup"
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
          data-keep="search-return"
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
      {/* A one-way return (issue 36 part 5): the return branch goes with the search to the listing. */}
      <details className="sm:col-span-2 lg:col-span-5">
        <summary className="cursor-pointer py-2">{t('search.oneWay')}</summary>
        <select name="returnBranch" aria-label={t('search.returnBranch')} className="field-input">
          <option value="">{t('search.sameBranch')}</option>
          {branches.data?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
      </details>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error sm:col-span-2 lg:col-span-5">
          {t(error)}
        </p>
      )}
    </form>
  );
}

export function HomePage() {
  const { t } = useTranslation('home');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const popular = usePopularCars(6);

  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <ResponsiveImg
          src={heroPicture}
          sizes={pictureSizes.hero}
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

      <HomeMore />
    </>
  );
}

export const Component = HomePage;
