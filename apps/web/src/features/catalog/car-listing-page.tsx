import { ChevronLeft, ChevronRight, LayoutGrid, List, Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useAddressParams } from '../../lib/use-address-params';
import { businessRules } from '@siam/contract/business-rules';
import { carSorts, type CarSort } from '@siam/contract/catalog-rules';
import { usePageMeta } from '../../lib/use-page-meta';
import { useBranches, useCars, useCategories } from './catalog-api';
import { CarCard, CarCardSkeleton } from './car-card';
import { formatNumber } from './format';
import { CurrencyNote, CurrencyPicker, useDisplayCurrency } from './display-currency';
import { ListingFilters } from './listing-filters';
import { defaultListing, pageItems, readListing, writeListing, type ListingState } from './listing-params';
import { serverWords } from '../../lib/api-client';
import { useChangedBeforeLive } from '../../lib/server-rendered';

function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('catalog');
  if (totalPages <= 1) return null;
  const item = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-semibold';
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={`${item} text-brand-700 hover:bg-brand-50 disabled:text-slate-500`}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft aria-hidden size={18} /> {t('pagination.previous')}
          </button>
        </li>
        {pageItems(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-2 text-slate-600">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`${item} ${p === page ? 'bg-brand-700 text-white' : 'text-brand-700 hover:bg-brand-50'}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${item} text-brand-700 hover:bg-brand-50 disabled:text-slate-500`}
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
          >
            {t('pagination.next')} <ChevronRight aria-hidden size={18} />
          </button>
        </li>
      </ul>
      <p className="text-sm text-slate-700">{t('pagination.pageOf', { page, total: totalPages })}</p>
    </nav>
  );
}

/** The listing's heading and its search box (a new search starts again on page one). */
function ListingHero({
  title,
  search,
  onSearch,
}: {
  title: string;
  search: string;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation('catalog');
  const searchId = useId();
  return (
    <section className="bg-brand-900 text-white">
      <div className="container-page py-10 md:py-14">
        <h1 className="text-3xl text-white md:text-4xl">{title}</h1>
        <p className="mt-2 text-slate-100">{t('listing.subtitle')}</p>
        <form role="search" onSubmit={onSearch} className="mt-6 flex max-w-2xl gap-2" key={search}>
          <label htmlFor={searchId} className="sr-only">
            {t('listing.searchLabel')}
          </label>
          <input
            id={searchId}
            name="search"
            type="search"
            defaultValue={search}
            maxLength={100}
            placeholder={t('listing.searchPlaceholder')}
            className="field-input flex-1"
          />
          <button type="submit" className="btn-action">
            <Search aria-hidden size={18} />
            {t('listing.searchButton')}
          </button>
        </form>
      </div>
    </section>
  );
}

/** The filters as a full-screen dialog on a phone (Escape or the button closes it). */
function MobileFilters({
  total,
  onClose,
  children,
}: {
  total: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div
      id="mobile-filters"
      role="dialog"
      aria-modal="true"
      aria-labelledby="mobile-filters-title"
      className="fixed inset-0 z-50 overflow-y-auto bg-white p-4 lg:hidden"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id="mobile-filters-title" className="text-xl">
          {t('filters.title')}
        </h2>
        <button type="button" className="btn" onClick={onClose} autoFocus>
          <X aria-hidden size={22} />
          <span className="sr-only">{t('filters.close')}</span>
        </button>
      </div>
      {children}
      <button type="button" className="btn-action mt-4 w-full" onClick={onClose}>
        {t('filters.showResults', { count: total })}
      </button>
    </div>
  );
}

const isSort = (value: unknown): value is CarSort => carSorts.some((s) => s === value);

export function CarListingPage() {
  const { t, i18n } = useTranslation('catalog');
  const lang = i18n.resolvedLanguage ?? 'en';
  const [params, changeParams] = useAddressParams();
  const state = readListing(params);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [panelOpen, setPanelOpen] = useState(false);
  const shown = useDisplayCurrency();
  const categories = useCategories();
  const branches = useBranches();
  const cars = useCars(state);

  const typeName = state.type
    ? categories.data?.find((c) => c.category_slug === state.type)?.category_name
    : undefined;
  usePageMeta(
    typeName ? t('listing.metaTitleType', { type: typeName }) : t('listing.metaTitle'),
    t('listing.metaDescription'),
  );

  const update = (patch: Partial<ListingState>) =>
    changeParams((current) => writeListing({ ...readListing(current), page: 1, ...patch }, current));
  const clearAll = () => changeParams((current) => writeListing(defaultListing, current));
  const onPage = (page: number) => {
    const total = cars.data?.response.pagination.total_pages ?? 1;
    // Spec §5: a page outside 1..total_pages is ignored.
    if (page < 1 || page > total || page === state.page) return;
    changeParams((current) => writeListing({ ...readListing(current), page }, current));
    window.scrollTo({ top: 0 });
  };
  // An order picked in the server's HTML before the page was live (a slow phone): applied.
  const sortSelect = useRef<HTMLSelectElement>(null);
  useChangedBeforeLive([sortSelect], ([sort]) => {
    if (isSort(sort)) update({ sort });
  });
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    update({ search: value.slice(0, 100) });
  };

  const pagination = cars.data?.response.pagination;
  const list = cars.data?.response.data ?? [];
  // An address past the last page (an old link, a typed ?page=99) moves to the last page
  // instead of showing "no cars" under a count of 32; until then it looks like loading.
  const pastTheEnd = Boolean(pagination && pagination.total > 0 && state.page > pagination.total_pages);
  const lastPage = pagination?.total_pages ?? 1;
  useEffect(() => {
    if (pastTheEnd)
      changeParams((current) => writeListing({ ...readListing(current), page: lastPage }, current), {
        replace: true,
      });
  }, [pastTheEnd, lastPage, changeParams]);
  const loading = cars.isPending || cars.isPlaceholderData || pastTheEnd;
  const failed = cars.isError && !loading;
  const filtered = Boolean(state.categoryId || state.type || state.search);
  const first = pagination ? (pagination.page - 1) * pagination.limit + 1 : 0;
  const last = pagination ? Math.min(pagination.page * pagination.limit, pagination.total) : 0;
  const carried = new URLSearchParams({
    ...(state.pickupDate && state.returnDate ? { pickup: state.pickupDate, return: state.returnDate } : {}),
    ...(state.branch ? { branch: state.branch } : {}),
    ...(state.branch && state.returnBranch ? { returnBranch: state.returnBranch } : {}),
  }).toString();
  const linkQuery = carried ? `?${carried}` : '';

  const filters = (
    <ListingFilters
      state={state}
      update={update}
      categories={categories.data}
      branches={branches.data}
      onClearAll={() => {
        clearAll();
        setPanelOpen(false);
      }}
    />
  );

  return (
    <>
      <ListingHero title={typeName ?? t('listing.title')} search={state.search} onSearch={onSearch} />

      <div className="container-page grid gap-8 py-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t('filters.title')} className="hidden lg:block">
          <h2 className="mb-4 text-xl">{t('filters.title')}</h2>
          {filters}
        </aside>

        <section aria-labelledby="results-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="results-heading" className="text-lg" aria-live="polite" data-testid="result-count">
                {failed
                  ? t('listing.errorTitle')
                  : pagination && !pastTheEnd
                    ? t('listing.count', {
                        count: pagination.total,
                        formatted: formatNumber(pagination.total, lang),
                      })
                    : t('listing.loading')}
              </h2>
              {filtered && (
                <span
                  data-testid="filtered-badge"
                  className="rounded-full bg-action-400 px-3 py-0.5 text-sm font-semibold text-slate-900"
                >
                  {t('listing.filtered')}
                </span>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="btn-outline lg:hidden"
                aria-expanded={panelOpen}
                aria-controls="mobile-filters"
                onClick={() => setPanelOpen(true)}
              >
                <SlidersHorizontal aria-hidden size={18} /> {t('filters.open')}
              </button>
              <label htmlFor="listing-sort" className="text-sm font-semibold text-slate-700">
                {t('sort.label')}
              </label>
              <select
                ref={sortSelect}
                id="listing-sort"
                className="field-input w-auto"
                value={state.sort}
                onChange={(e) => update({ sort: e.target.value as ListingState['sort'] })}
              >
                {carSorts.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
              <CurrencyPicker />
              <div role="group" aria-label={t('view.label')} className="flex">
                <button
                  type="button"
                  aria-pressed={view === 'grid'}
                  className={`btn rounded-r-none border border-brand-700 ${view === 'grid' ? 'bg-brand-700 text-white' : 'text-brand-700'}`}
                  onClick={() => setView('grid')}
                >
                  <LayoutGrid aria-hidden size={18} />
                  <span className="sr-only">{t('view.grid')}</span>
                </button>
                <button
                  type="button"
                  aria-pressed={view === 'list'}
                  className={`btn rounded-l-none border border-brand-700 ${view === 'list' ? 'bg-brand-700 text-white' : 'text-brand-700'}`}
                  onClick={() => setView('list')}
                >
                  <List aria-hidden size={18} />
                  <span className="sr-only">{t('view.list')}</span>
                </button>
              </div>
            </div>
          </div>
          {pagination && pagination.total > 0 && !loading && !failed && (
            <p className="mt-1 text-sm text-slate-700" data-testid="range-summary">
              {t('listing.range', {
                first: formatNumber(first, lang),
                last: formatNumber(last, lang),
                total: formatNumber(pagination.total, lang),
              })}
            </p>
          )}

          <CurrencyNote className="mt-1" />

          {failed ? (
            <ListingFailure error={cars.error} retry={() => void cars.refetch()} />
          ) : loading ? (
            <div className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              <p className="sr-only">{t('listing.loading')}</p>
              {Array.from({ length: businessRules.listingSkeletonCards }, (_, i) => (
                <CarCardSkeleton key={i} />
              ))}
            </div>
          ) : list.length === 0 ? (
            <div className="mt-8 rounded-xl bg-sand-100 p-8 text-center" data-testid="empty-state">
              <h3 className="text-lg">{t('listing.emptyTitle')}</h3>
              <p className="mt-2 text-slate-700">{t('listing.emptyText')}</p>
              <div className="mt-4 flex flex-wrap justify-center gap-3">
                <button type="button" className="btn-primary" onClick={clearAll}>
                  {t('filters.clearAll')}
                </button>
                <button type="button" className="btn-outline" onClick={() => void cars.refetch()}>
                  {t('listing.tryAgain')}
                </button>
              </div>
            </div>
          ) : (
            <ul
              className={`mt-6 grid gap-6 ${view === 'grid' ? 'sm:grid-cols-2 xl:grid-cols-3' : ''}`}
              data-view={view}
            >
              {list.map((car, i) => (
                <li key={car.car_model_id} className="flex">
                  <div className="w-full">
                    <CarCard
                      car={car}
                      view={view}
                      linkQuery={linkQuery}
                      eager={i < 3}
                      formatPrice={shown.price}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {pagination && !loading && !failed && (
            <Pagination page={pagination.page} totalPages={pagination.total_pages} onPage={onPage} />
          )}
        </section>
      </div>

      {panelOpen && (
        <MobileFilters total={pagination?.total ?? 0} onClose={() => setPanelOpen(false)}>
          {filters}
        </MobileFilters>
      )}
    </>
  );
}

export const Component = CarListingPage;

/** Spec §8: a listing that failed to load says the server's msg (in the page's language), else its own text, and offers a retry. */
function ListingFailure({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <h3 className="text-lg text-red-800">{t('listing.errorTitle')}</h3>
      <p className="mt-2 text-slate-800">{serverWords(error) ?? (error.message || t('listing.errorText'))}</p>
      <button type="button" className="btn-primary mt-4" onClick={retry}>
        {t('listing.retry')}
      </button>
    </div>
  );
}
