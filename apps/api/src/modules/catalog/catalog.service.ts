import { rentalPeriod, type RentalTimes } from '@siam/contract/rental-times';
import { businessRules } from '@siam/contract/business-rules';
import type {
  Branch,
  Car,
  CarDetails,
  CarListQuery,
  Category,
  HotDeal,
  HotDealSummary,
  Testimonial,
} from '@siam/contract/catalog';
import type { Pagination } from '@siam/contract/envelope';
import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import type { LocalizedText } from '../../db/schema/localized';
import type { CardRow, CarFilter, CatalogRepository, RunningDealRow } from './catalog.repository';
import type { CatalogReferenceRepository } from './catalog-reference.repository';
import { TtlCache } from '../../lib/ttl-cache';

/** Baht string "1290.00" → satang, and back: money is computed in whole satang. */
const toSatang = (baht: string) => Math.round(Number(baht) * 100);
const toBaht = (satang: number) => (satang / 100).toFixed(2);

/**
 * The period a search by dates asks a unit to be free for: the booking form's first times (09:00 to
 * 18:00) on those days; the quote then checks the times the customer chooses.
 */
/** Each car's total and days for these times, as its booking would cost before extras (satang). */
export type RentalPrices = (
  carModelIds: number[],
  times: RentalTimes,
  /** A one-way return from `from` to `to`: its route's fee is part of each price. */
  oneWay?: { from: string; to: string },
) => Promise<Map<number, { days: number; total: number }>>;

function listingPeriod(pickupDate: string, returnDate: string): { from: Date; to: Date } {
  const { startsAt, blockedUntil } = rentalPeriod({
    pickupDate,
    pickupTime: businessRules.pickupTime,
    returnDate,
    returnTime: businessRules.returnTime,
  });
  return { from: startsAt, to: blockedUntil };
}

/** The price after a deal's discount, rounded to whole satang. */
export function dealSummary(pricePerDay: string, deal: RunningDealRow): HotDealSummary {
  const base = toSatang(pricePerDay);
  const after = Math.round((base * (10_000 - toSatang(deal.discountPercent))) / 10_000);
  return {
    discount_percent: deal.discountPercent,
    price_per_day: toBaht(after),
    saving_per_day: toBaht(base - after),
    ends_at: new Date(deal.endsAt).toISOString(),
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();
const hhmm = (time: string) => time.slice(0, 5);

export class CatalogService {
  private readonly listings: TtlCache<{ data: Car[]; pagination: Pagination }>;
  /** Every other public answer (categories, branches, a car's page, deals, reviews, conditions). */
  private readonly answers: TtlCache<unknown>;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly reference: CatalogReferenceRepository,
    private readonly clock: () => Date = () => new Date(),
    /** How long a listing answer is reused; 0 turns the cache off. */
    listingCacheMs = 2_000,
  ) {
    this.listings = new TtlCache(listingCacheMs);
    this.answers = new TtlCache(listingCacheMs);
  }

  /** How bookings price cars on chosen times (BookingQuotes.rentalPrices): the listing's dated prices. */
  private rentalPrices?: RentalPrices;
  priceRentalsWith(prices: RentalPrices) {
    this.rentalPrices = prices;
  }

  /** `load()`'s answer, reused for the listing cache's few seconds (the key names the question). */
  private remembered<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.answers.get(key, load) as Promise<T>;
  }

  /**
   * Call after changing cars, prices, deals, units or holds: the next
   * listing is read from the database again.
   */
  invalidate(): void {
    this.listings.clear();
    this.answers.clear();
  }

  categories(lang: Language): Promise<Category[]> {
    return this.remembered(`categories:${lang}`, async () =>
      (await this.reference.categories()).map((c) => ({
        category_id: c.id,
        category_name: c.name[lang],
        category_slug: c.slug,
      })),
    );
  }

  /** The listing (spec §3), answered from a short cache when the same question was just asked. */
  listCars(query: CarListQuery, lang: Language): Promise<{ data: Car[]; pagination: Pagination }> {
    const { lng: _lng, ...question } = query;
    return this.listings.get(`${lang}:${JSON.stringify(question)}`, () => this.readCars(query, lang));
  }

  private async readCars(
    query: CarListQuery,
    lang: Language,
  ): Promise<{ data: Car[]; pagination: Pagination }> {
    if (query.branch !== undefined && !(await this.reference.branchExists(query.branch)))
      throw new AppError('VALIDATION_FAILED', 'Invalid data: check the data sent', [
        { path: 'branch', message: 'Unknown branch' },
      ]);
    const filter: CarFilter = {
      categoryId: query.category_id,
      type: query.type,
      search: query.search || undefined,
      isActive: query.is_active === 1,
      priceRange: query.priceRange,
      branch: query.branch,
      now: this.clock(),
      period:
        query.pickup_date && query.return_date
          ? listingPeriod(query.pickup_date, query.return_date)
          : undefined,
    };
    const { page, limit } = query;
    const found = await this.repository.listCards(filter, query.sort, lang, {
      limit,
      offset: (page - 1) * limit,
    });
    const total = found.total ?? (page > 1 ? await this.repository.countCards(filter) : 0);
    const cars = await this.toCars(found.rows, lang);
    // Dates chosen: each car's price for them, the whole page priced at once (docs/decisions/3531).
    if (query.pickup_date && query.return_date && this.rentalPrices) {
      const prices = await this.rentalPrices(
        cars.map((c) => c.car_model_id),
        {
          pickupDate: query.pickup_date,
          pickupTime: businessRules.pickupTime,
          returnDate: query.return_date,
          returnTime: businessRules.returnTime,
        },
        query.branch && query.return_branch && query.return_branch !== query.branch
          ? { from: query.branch, to: query.return_branch }
          : undefined,
      );
      for (const car of cars) {
        const p = prices.get(car.car_model_id);
        car.dated_price = p ? { ...p, per_day: Math.round(p.total / p.days) } : null;
      }
    }
    return {
      data: cars,
      pagination: { page, limit, total, total_pages: Math.ceil(total / limit) },
    };
  }

  /** Cards with their pictures and running deals: two queries for the whole page. */
  private async toCars(rows: CardRow[], lang: Language): Promise<Car[]> {
    const ids = rows.map((r) => r.id);
    const [images, deals] = await Promise.all([
      this.repository.images(ids),
      this.repository.runningDeals(ids, this.clock()),
    ]);
    const imagesOf = new Map<number, string[]>();
    for (const image of images) {
      const list = imagesOf.get(image.carModelId) ?? [];
      list.push(image.url);
      imagesOf.set(image.carModelId, list);
    }
    const dealOf = new Map<number, RunningDealRow>();
    for (const deal of deals) if (!dealOf.has(deal.carModelId)) dealOf.set(deal.carModelId, deal);
    return rows.map((row) => this.toCar(row, lang, imagesOf.get(row.id) ?? [], dealOf.get(row.id)));
  }

  private toCar(row: CardRow, lang: Language, imagePaths: string[], deal?: RunningDealRow): Car {
    return {
      car_id: row.carId,
      car_model_id: row.id,
      car_model_name: `${row.brand[lang]} ${row.model[lang]}`,
      price_per_day: row.pricePerDay,
      category_name: (row.categoryName as LocalizedText)[lang],
      is_active: row.isActive ? 1 : 0,
      cover_image: imagePaths[0] ?? null,
      image_path: imagePaths,
      category_slug: row.categorySlug,
      seats: row.seats,
      transmission: row.transmission,
      fuel: row.fuel,
      hot_deal: deal ? dealSummary(row.pricePerDay, deal) : null,
    };
  }

  carDetails(id: number, lang: Language): Promise<CarDetails> {
    return this.remembered(`car:${id}:${lang}`, () => this.readCarDetails(id, lang));
  }

  private async readCarDetails(id: number, lang: Language): Promise<CarDetails> {
    const [[card], model] = await Promise.all([
      this.repository.findCards([id]),
      this.repository.findModel(id),
    ]);
    if (!card || !model) throw notFound('Car');
    const [images, deals, features, branches, rating] = await Promise.all([
      this.repository.images([id]),
      this.repository.runningDeals([id], this.clock()),
      this.repository.features(id),
      this.reference.branches(id),
      this.reference.carRating(id),
    ]);
    const car = this.toCar(
      card,
      lang,
      images.map((i) => i.url),
      deals[0],
    );
    return {
      ...car,
      brand: card.brand[lang],
      model: card.model[lang],
      category_id: model.categoryId,
      description: model.description[lang],
      doors: model.doors,
      luggage: model.luggage,
      specs: model.specs,
      features: features.map((f) => ({ key: f.key, name: f.name[lang] })),
      images: images.map((i) => ({ url: i.url, width: i.width, height: i.height })),
      branches: branches.map((b) => this.toBranch(b, lang)),
      deposit: Math.round(Number(model.depositAmount)),
      driver_rules: {
        min_age: model.minDriverAge,
        max_age: model.maxDriverAge,
        min_licence_years: model.minLicenceYears,
      },
      rating,
    };
  }

  hotDeals(lang: Language, limit: number): Promise<HotDeal[]> {
    return this.remembered(`deals:${lang}:${limit}`, () => this.readHotDeals(lang, limit));
  }

  private async readHotDeals(lang: Language, limit: number): Promise<HotDeal[]> {
    const deals = await this.repository.allRunningDeals(this.clock(), limit);
    const cards = await this.repository.findCards([...new Set(deals.map((d) => d.carModelId))]);
    const cars = await this.toCars(cards, lang);
    const carOf = new Map(cars.map((c) => [c.car_model_id, c]));
    return deals.flatMap((deal) => {
      const car = carOf.get(deal.carModelId);
      if (!car) return [];
      const summary = dealSummary(car.price_per_day, deal);
      return [
        {
          id: deal.id,
          discount_percent: deal.discountPercent,
          starts_at: iso(deal.startsAt),
          ends_at: iso(deal.endsAt),
          price_per_day: summary.price_per_day,
          saving_per_day: summary.saving_per_day,
          car,
        },
      ];
    });
  }

  private toBranch(
    b: Awaited<ReturnType<CatalogReferenceRepository['branches']>>[number],
    lang: Language,
  ): Branch {
    return {
      code: b.code,
      name: b.name[lang],
      address: b.address[lang],
      phone: b.phone,
      is_airport: b.isAirport,
      opens_at: hhmm(b.opensAt),
      closes_at: hhmm(b.closesAt),
      min_rental_hours: b.minRentalHours,
      closed_on: b.closedOn,
      counter_place: b.counterPlace?.[lang] ?? null,
      out_of_hours:
        b.outOfHoursOpensAt && b.outOfHoursClosesAt
          ? {
              opens_at: hhmm(b.outOfHoursOpensAt),
              closes_at: hhmm(b.outOfHoursClosesAt),
              fee: Number(b.outOfHoursFee),
            }
          : null,
    };
  }

  branches(lang: Language): Promise<Branch[]> {
    return this.remembered(`branches:${lang}`, async () =>
      (await this.reference.branches()).map((b) => this.toBranch(b, lang)),
    );
  }

  rentalConditions(kind: 'included' | 'not_included', lang: Language) {
    return this.remembered(`conditions:${kind}:${lang}`, async () =>
      (await this.reference.rentalConditions(kind)).map((c) => ({ id: c.id, text: c.text[lang] })),
    );
  }

  /** What customers say: everyone's newest, or one car model's (`carModelId`). */
  testimonials(lang: Language, limit: number, carModelId?: number): Promise<Testimonial[]> {
    return this.remembered(`testimonials:${lang}:${limit}:${carModelId ?? ''}`, () =>
      this.readTestimonials(lang, limit, carModelId),
    );
  }

  private async readTestimonials(lang: Language, limit: number, carModelId?: number): Promise<Testimonial[]> {
    return (await this.reference.testimonials(limit, carModelId)).map((t) => ({
      id: t.id,
      name: t.name,
      city: t.city[lang],
      rating: t.rating,
      text: t.text[lang],
      car_model_id: t.carModelId,
      car_model_name: t.brand && t.model ? `${t.brand[lang]} ${t.model[lang]}` : null,
      created_at: iso(t.createdAt),
    }));
  }
}
