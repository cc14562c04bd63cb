import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import type {
  Branch,
  CarDetailsResponse,
  CarListResponse,
  Category,
  HotDeal,
  Testimonial,
} from '@siam/contract/catalog';
import type { Quote, QuoteBody } from '@siam/contract/bookings';
import { apiRequest } from '../../lib/api-client';
import type { ListingState } from './listing-params';

type Data<T> = { status: true; response: { data: T } };

const useLang = () => useTranslation().i18n.resolvedLanguage ?? 'en';

/** The listing query the spec's filter state makes (priceRange as "min,max"). */
export function listingQueryParams(state: ListingState) {
  return {
    category_id: state.categoryId,
    type: state.type,
    search: state.search || undefined,
    is_active: 1,
    priceRange: `${state.priceMin},${state.priceMax}`,
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    pickup_date: state.pickupDate,
    return_date: state.returnDate,
    branch: state.branch,
    // A one-way return: the dated prices include its fee, as the car page's and the form's do.
    return_branch: state.branch ? state.returnBranch : undefined,
  };
}

export function useCars(state: ListingState) {
  const lang = useLang();
  const query = listingQueryParams(state);
  return useQuery({
    queryKey: ['cars', lang, query],
    queryFn: ({ signal }) => apiRequest<CarListResponse>('/guest/cars', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePopularCars(limit: number) {
  const lang = useLang();
  return useQuery({
    queryKey: ['cars', lang, 'popular', limit],
    queryFn: ({ signal }) =>
      apiRequest<CarListResponse>('/guest/cars', { query: { limit, sort: 'recommended' }, signal }).then(
        (r) => r.response.data,
      ),
  });
}

export function useCategories() {
  const lang = useLang();
  return useQuery({
    queryKey: ['categories', lang],
    queryFn: () => apiRequest<Data<Category[]>>('/guest/categories').then((r) => r.response.data),
    staleTime: 300_000,
  });
}

export function useBranches() {
  const lang = useLang();
  return useQuery({
    queryKey: ['branches', lang],
    queryFn: () => apiRequest<Data<Branch[]>>('/guest/branches').then((r) => r.response.data),
    staleTime: 300_000,
  });
}

export function useCar(id: string, enabled = true) {
  const lang = useLang();
  return useQuery({
    enabled,
    queryKey: ['car', lang, id],
    queryFn: () => apiRequest<CarDetailsResponse>(`/guest/cars/${id}`).then((r) => r.response.data),
    // A language switch keeps the page (and what the visitor typed in the booking box) while the
    // car's texts load in the new language; another car starts from its own loading state.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

export function useHotDeals(limit = 3) {
  const lang = useLang();
  return useQuery({
    queryKey: ['hot-deals', lang, limit],
    queryFn: () =>
      apiRequest<Data<HotDeal[]>>('/guest/hot-deals', { query: { limit } }).then((r) => r.response.data),
  });
}

/** What customers say: the newest, or one car model's reviews (`car`). */
export function useTestimonials(limit = 3, car?: number, enabled = true) {
  const lang = useLang();
  return useQuery({
    queryKey: ['testimonials', lang, limit, car ?? null],
    queryFn: () =>
      apiRequest<Data<Testimonial[]>>('/guest/testimonials', {
        query: car === undefined ? { limit } : { limit, car },
      }).then((r) => r.response.data),
    enabled,
    staleTime: 300_000,
  });
}

export function useRentalConditions(kind: 'included' | 'not_included') {
  const lang = useLang();
  return useQuery({
    queryKey: ['rental-conditions', lang, kind],
    queryFn: () =>
      apiRequest<Data<{ id: number; text: string }[]>>(`/rental-conditions/${kind}`).then(
        (r) => r.response.data,
      ),
    staleTime: 300_000,
  });
}

/**
 * The server's price for a car, branch and dates (no extras yet), and whether a
 * unit is free then: money is computed on the server, never in the page.
 */
export function useQuote(body: QuoteBody | undefined) {
  const lang = useLang();
  return useQuery({
    queryKey: ['quote', lang, body],
    queryFn: ({ signal }) =>
      apiRequest<Data<Quote>>('/guest/bookings/quote', { method: 'POST', body, signal }).then(
        (r) => r.response.data,
      ),
    enabled: body !== undefined,
    staleTime: 30_000,
  });
}
