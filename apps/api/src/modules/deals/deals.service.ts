import type { CurrentDeal } from '@siam/contract/content';
import { fallbackCarPicture } from '@siam/contract/images';
import type { Language } from '@siam/contract/languages';
import { dealSummary } from '../catalog/catalog.service';
import type { DealsRepository } from './deals.repository';

/** The promotions page's list of hot deals running now. */
export class DealsService {
  constructor(private readonly repository: DealsRepository) {}

  async current(lang: Language, now = new Date()): Promise<CurrentDeal[]> {
    const rows = await this.repository.running(now);
    return rows.map((r) => ({
      id: r.id,
      carModelId: r.carModelId,
      carName: `${r.brand[lang]} ${r.model[lang]}`,
      // A model without pictures: the drawing its id picks, as its card and page show (spec §2).
      image: r.image ?? fallbackCarPicture(r.carModelId),
      pricePerDay: r.pricePerDay,
      discountPercent: Number(r.discountPercent),
      // The listing's own rule, so the promotions page and the car's page say the same price.
      dealPricePerDay: dealSummary(r.pricePerDay, { ...r, discountPercent: String(r.discountPercent) })
        .price_per_day,
      endsAt: r.endsAt.toISOString(),
    }));
  }
}
