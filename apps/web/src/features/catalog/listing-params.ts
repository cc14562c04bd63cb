import { businessRules } from '@siam/contract/business-rules';
import { carSorts, isIsoDate, type CarSort } from '@siam/contract/catalog-rules';

/** The listing's filter state (spec §3) plus sort and dates; it lives in the URL. */
export interface ListingState {
  categoryId?: number;
  type?: string;
  search: string;
  priceMin: number;
  priceMax: number;
  page: number;
  limit: number;
  sort: CarSort;
  pickupDate?: string;
  returnDate?: string;
  branch?: string;
  /** A one-way return to another branch (issue 36 part 5): carried to the car page and the booking form. */
  returnBranch?: string;
}

/** Spec §4: clear-all restores these. */
export const defaultListing: ListingState = {
  search: '',
  priceMin: businessRules.priceMin,
  priceMax: businessRules.priceMax,
  page: 1,
  limit: businessRules.listingPageSize,
  sort: 'recommended',
};

const whole = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Reads the state from the address; anything malformed falls back to its default. */
export function readListing(params: URLSearchParams): ListingState {
  const state: ListingState = { ...defaultListing };
  const category = whole(params.get('category_id'));
  if (category && category > 0) state.categoryId = category;
  const type = params.get('type');
  if (type && /^[a-z0-9-]{1,40}$/.test(type)) state.type = type;
  state.search = (params.get('search') ?? '').slice(0, 100);
  const min = whole(params.get('min'));
  const max = whole(params.get('max'));
  if (max !== undefined && max <= businessRules.priceMax) state.priceMax = max;
  if (min !== undefined && min <= state.priceMax) state.priceMin = min;
  const page = whole(params.get('page'));
  if (page && page >= 1) state.page = page;
  const sort = params.get('sort');
  if (sort && (carSorts as readonly string[]).includes(sort)) state.sort = sort as CarSort;
  const pickup = params.get('pickup');
  const ret = params.get('return');
  if (pickup && ret && isIsoDate(pickup) && isIsoDate(ret) && ret >= pickup) {
    state.pickupDate = pickup;
    state.returnDate = ret;
  }
  const branch = params.get('branch');
  if (branch && /^[A-Za-z]{2,20}$/.test(branch)) state.branch = branch;
  const returnBranch = params.get('returnBranch');
  if (state.branch && returnBranch && /^[A-Za-z]{2,20}$/.test(returnBranch) && returnBranch !== state.branch)
    state.returnBranch = returnBranch;
  return state;
}

/** Writes the state to the address, leaving defaults out so links stay short. */
export function writeListing(state: ListingState, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  const lng = keep?.get('lng');
  if (lng) params.set('lng', lng);
  if (state.categoryId) params.set('category_id', String(state.categoryId));
  if (state.type) params.set('type', state.type);
  if (state.search) params.set('search', state.search);
  if (state.priceMin !== defaultListing.priceMin) params.set('min', String(state.priceMin));
  if (state.priceMax !== defaultListing.priceMax) params.set('max', String(state.priceMax));
  if (state.sort !== defaultListing.sort) params.set('sort', state.sort);
  if (state.pickupDate && state.returnDate) {
    params.set('pickup', state.pickupDate);
    params.set('return', state.returnDate);
  }
  if (state.branch) params.set('branch', state.branch);
  if (state.branch && state.returnBranch) params.set('returnBranch', state.returnBranch);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/**
 * Spec §5: a price entry counts only when it is a whole number within
 * bounds (min from 0 to the current max, max from the current min to
 * 1,000,000); otherwise it is ignored and no request is sent.
 */
export function acceptPrice(
  which: 'min' | 'max',
  raw: string,
  current: { min: number; max: number },
): number | undefined {
  if (!/^\d{1,7}$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  if (which === 'min') return value >= businessRules.priceMin && value <= current.max ? value : undefined;
  return value >= current.min && value <= businessRules.priceMax ? value : undefined;
}

/** Page numbers to show: first, last, current ± 1, and an ellipsis only where numbers are skipped. */
export function pageItems(current: number, total: number): (number | 'gap')[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) items.push('gap');
    items.push(p);
  });
  return items;
}
