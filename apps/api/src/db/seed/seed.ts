import { airportOutOfHours } from '@siam/contract/rental-rules';
import { defaultDeposit, depositByCategory, lateReturnRule } from '@siam/contract/rental-rules';
import { rows, type Executor } from '../sql-rows';
import { defaultDriverRules, driverRulesByCategory } from '@siam/contract/rental-rules';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../client';
import {
  branches,
  carModelFeatures,
  carModelImages,
  carModels,
  categories,
  features,
  hotDeals,
  rentalConditions,
  testimonials,
  vehicleUnits,
} from '../schema/catalog';
import { siteSettings } from '../schema/site-settings';
import {
  demoBranchRegistrations,
  demoBranches,
  demoDeliveryZones,
  demoOneWayFees,
  demoPricingRules,
  demoCarModels,
  demoCategories,
  demoHotDeals,
  demoRentalConditions,
  demoTestimonials,
  featureNames,
} from './demo-catalog';
import { seedDemoStaff } from './demo-staff';
import { seedDemoArticles } from './demo-articles';
import { defaultSiteSettings } from './site-settings-defaults';
import { bangkokDate } from '@siam/contract/bangkok-time';

const DAY_MS = 86_400_000;

async function countRows(db: Pick<Db, 'select'>, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/** Settings every database needs, demo or not. Idempotent. */
export async function seedSiteSettings(database: Database): Promise<void> {
  await database.db
    .insert(siteSettings)
    .values(Object.entries(defaultSiteSettings).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

export async function isCatalogEmpty(database: Database): Promise<boolean> {
  const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
  return (row?.n ?? 0) === 0;
}

/** World manufacturer identifiers (ISO 3780) of the demo's brands, as their Thai-market cars carry them. */
const demoWmi: Record<string, string> = {
  Toyota: 'MR0',
  Honda: 'MRH',
  Nissan: 'MNT',
  Mazda: 'MM8',
  Suzuki: 'MMS',
  Mitsubishi: 'MMB',
  Isuzu: 'MPA',
  Ford: 'MNC',
  Hyundai: 'KMH',
  Kia: 'KNA',
  BYD: 'LGX',
  MG: 'LSJ',
  ORA: 'LGW',
  'Mercedes-Benz': 'WDD',
  BMW: 'WBA',
};

/**
 * A demo unit's VIN: the brand's WMI, "SDRV0" (Siam Drive's demo), a check digit 0, model year R (2024),
 * plant T and a six-digit serial: 17 characters without I, O or Q. Never a real car's.
 */
export function demoVin(model: { brand: { en: string } }, serial: number): string {
  return `${demoWmi[model.brand.en] ?? 'MR0'}SDRV00RT${String(serial + 1).padStart(6, '0')}`;
}

/**
 * Believable demo data: categories, branches, car models with pictures and
 * units, rental conditions, hot deals and testimonials. Running it twice
 * changes nothing: every row is keyed by a natural key, and the rows without
 * one (conditions, deals, testimonials) are only written into empty tables.
 */
export async function seedDemoData(database: Database, now = new Date()): Promise<void> {
  const { db } = database;
  // Believable rates for the demo's prices in yuan, dollars and euros (a real site's admins set theirs).
  await db
    .insert(siteSettings)
    .values({
      key: 'exchange_rates',
      value: { rates: { CNY: '4.85', USD: '34.50', EUR: '37.20' }, setOn: bangkokDate(now) },
    })
    .onConflictDoNothing();
  await seedSiteSettings(database);
  await seedDemoStaff(database); // demo admin and staff accounts (README), demo data only
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(
        demoCategories.map((c) => {
          const rules = driverRulesByCategory[c.slug] ?? defaultDriverRules;
          return {
            slug: c.slug,
            name: c.name,
            sortOrder: c.sortOrder,
            minDriverAge: rules.minAge,
            maxDriverAge: rules.maxAge,
            minLicenceYears: rules.minLicenceYears,
          };
        }),
      )
      .onConflictDoNothing();
    await tx
      .insert(branches)
      .values(
        demoBranches.map((b, i) => ({
          code: b.code,
          name: b.name,
          address: b.address,
          phone: b.phone,
          isAirport: b.isAirport,
          opensAt: b.opensAt,
          closesAt: b.closesAt,
          sortOrder: i,
          counterPlace: b.counterPlace ?? null,
          ...demoBranchRegistrations[b.code],
          // Airports hand over after closing until midnight, for a fee (decision 3602).
          ...(b.isAirport && {
            outOfHoursOpensAt: b.opensAt,
            outOfHoursClosesAt: airportOutOfHours.closesAt,
            outOfHoursFee: String(airportOutOfHours.feeSatang / 100),
          }),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(features)
      .values(Object.entries(featureNames).map(([key, name]) => ({ key, name })))
      .onConflictDoNothing();
    for (const r of demoOneWayFees)
      await tx.execute(
        sql`INSERT INTO one_way_fees (from_branch, to_branch, fee) VALUES (${r.fromBranch}, ${r.toBranch}, ${r.fee})
            ON CONFLICT DO NOTHING`,
      );
    // Pricing rules too (for the demo's own categories, so cars added later are priced as set).
    if ((await rows(tx as unknown as Executor, sql`SELECT 1 FROM pricing_rules LIMIT 1`)).length === 0) {
      const demoCategoryIds = (await tx.select({ id: categories.id, slug: categories.slug }).from(categories))
        .filter((c) => demoCategories.some((d) => d.slug === c.slug))
        .map((c) => c.id);
      // The late-return rule's percentage is the one the terms name (contract rental-rules.ts).
      for (const r of demoPricingRules)
        await tx.execute(
          sql`INSERT INTO pricing_rules (kind, name, starts_on, ends_on, weekdays, min_days, grace_hours, category_ids, percent)
              VALUES (${r.kind}, ${JSON.stringify(r.name)}::jsonb, ${r.startsOn ?? null}, ${r.endsOn ?? null},
                      ${`{${(r.weekdays ?? []).join(',')}}`}::smallint[], ${r.minDays ?? null}, ${r.graceHours ?? null},
                      ${`{${demoCategoryIds.join(',')}}`}::int[], ${r.kind === 'late' ? lateReturnRule.percentPerHour : r.percent})`,
        );
    }
    // Zones are the company's own once it has any: the demo's go only into an empty table.
    if ((await rows(tx as unknown as Executor, sql`SELECT 1 FROM delivery_zones LIMIT 1`)).length === 0)
      for (const [i, z] of demoDeliveryZones.entries())
        await tx.execute(
          sql`INSERT INTO delivery_zones (branch_code, name, fee, sort_order)
              VALUES (${z.branchCode}, ${JSON.stringify(z.name)}::jsonb, ${z.fee}, ${i})`,
        );

    const categoryIds = new Map(
      (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    await tx
      .insert(carModels)
      .values(
        demoCarModels.map((m, i) => ({
          slug: m.slug,
          categoryId: categoryIds.get(m.category)!,
          brand: m.brand,
          model: m.model,
          description: m.description,
          pricePerDay: m.pricePerDay.toFixed(2),
          depositAmount: (depositByCategory[m.category] ?? defaultDeposit).toFixed(2),
          transmission: m.transmission,
          fuel: m.fuel,
          seats: m.seats,
          doors: m.doors,
          luggage: m.luggage,
          specs: m.specs,
          isPopular: m.popular,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing();
    const modelIds = new Map(
      (await tx.select({ id: carModels.id, slug: carModels.slug }).from(carModels)).map((m) => [
        m.slug,
        m.id,
      ]),
    );
    const modelId = (slug: string) => {
      const id = modelIds.get(slug);
      if (id === undefined) throw new Error(`Demo data names an unknown car model: ${slug}`);
      return id;
    };

    await tx
      .insert(carModelFeatures)
      .values(
        demoCarModels.flatMap((m) =>
          m.features.map((featureKey) => ({ carModelId: modelId(m.slug), featureKey })),
        ),
      )
      .onConflictDoNothing();
    // Images have no unique key in Drizzle's eyes; the SQL's UNIQUE (car_model_id, url) keeps this idempotent.
    await tx
      .insert(carModelImages)
      .values(
        demoCarModels.flatMap((m) =>
          m.images.map((url, sortOrder) => ({ carModelId: modelId(m.slug), url, sortOrder })),
        ),
      )
      .onConflictDoNothing();
    const demoUnits = demoCarModels.flatMap((m) =>
      m.units.map((u) => ({ carModelId: modelId(m.slug), plate: u.plate, branchCode: u.branch })),
    );
    const vins = demoUnits.map((u, i) =>
      demoVin(
        demoCarModels.find((m) => modelId(m.slug) === u.carModelId)!,
        i,
      ),
    );
    await tx
      .insert(vehicleUnits)
      .values(demoUnits.map((u, i) => ({ ...u, vin: vins[i] })))
      .onConflictDoNothing();
    // A demo database seeded before units had VINs (migration 2031) gets them too; a VIN staff entered stays.
    for (const [i, u] of demoUnits.entries())
      await tx.execute(sql`UPDATE vehicle_units SET vin = ${vins[i]} WHERE plate = ${u.plate} AND vin IS NULL
                             AND NOT EXISTS (SELECT 1 FROM vehicle_units WHERE vin = ${vins[i]})`);

    if ((await countRows(tx, rentalConditions)) === 0)
      await tx.insert(rentalConditions).values(demoRentalConditions.map((c) => ({ ...c })));

    if ((await countRows(tx, hotDeals)) === 0)
      await tx.insert(hotDeals).values(
        demoHotDeals.map((d) => ({
          carModelId: modelId(d.carSlug),
          discountPercent: d.discountPercent.toFixed(2),
          startsAt: new Date(now.getTime() + d.startsInDays * DAY_MS),
          endsAt: new Date(now.getTime() + d.endsInDays * DAY_MS),
        })),
      );

    if ((await countRows(tx, testimonials)) === 0)
      await tx.insert(testimonials).values(
        demoTestimonials.map((t) => ({
          name: t.name,
          city: t.city,
          rating: t.rating,
          text: t.text,
          carModelId: modelId(t.carSlug),
        })),
      );
  });
  await seedDemoArticles(database, now);
}
