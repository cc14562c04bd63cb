import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { insertBooking } from '../../test/booking-fixtures';
import { listMigrations } from './migrate';

// Migration 2130 (decision 3305) renames booking_handovers, the delivery and collection legs of decision 1704,
// to booking_deliveries. A database that ran main before it holds rows under the old name: they must come
// through unchanged. The table here is brought back to that state by hand (1704's table and constraint
// names), given a delivery and a collection leg, and 2130's SQL is run on it as migrate runs it. Not through
// migrate() itself: later migrations are applied here, and migrate refuses one that sorts before them.
describeEachDatabase('migration 2130: the delivery and collection legs under their own name', (ctx) => {
  it('keeps every row of booking_handovers, now booking_deliveries, with its constraints renamed', async () => {
    const db = ctx.database;
    // Every constraint back to 1704's name (PostgreSQL 18 and PGlite also name each NOT NULL; earlier ones do not).
    const named = await db.query<{ conname: string }>(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'booking_deliveries'::regclass ORDER BY conname`,
    );
    await db.exec('ALTER TABLE booking_deliveries RENAME TO booking_handovers');
    for (const { conname } of named)
      await db.exec(
        `ALTER TABLE booking_handovers RENAME CONSTRAINT ${conname} TO ${conname.replace('booking_deliveries_', 'booking_handovers_')}`,
      );
    const booking = await insertBooking(db, { userId: null, status: 'confirmed' });
    const [zone] = await db.query<{ id: number }>('SELECT min(id) AS id FROM delivery_zones');
    await db.query(
      `INSERT INTO booking_handovers (booking_id, leg, zone_id, zone_name, kind, address, flight_number, fee)
       VALUES ($1, 'delivery', $2, '{"en":"Old Town"}', 'hotel', 'Amari Watergate, 847 Phetchaburi Road', '', 500),
              ($1, 'collection', NULL, '{"en":"Airport"}', 'flight', '', 'TG661', 750.50)`,
      [booking.id, zone!.id],
    );

    const rename = listMigrations().find((m) => m.name === '2130_booking_deliveries.sql')!;
    await db.exec(`BEGIN;\n${rename.sql}\n;\nCOMMIT;`);

    const [old] = await db.query<{ found: string | null }>(
      `SELECT to_regclass('booking_handovers')::text AS found`,
    );
    expect(old!.found).toBeNull();
    expect(
      await db.query(
        `SELECT leg, zone_id = $2 AS in_zone, zone_name, kind, address, flight_number, fee::text AS fee
         FROM booking_deliveries WHERE booking_id = $1 ORDER BY leg`,
        [booking.id, zone!.id],
      ),
    ).toEqual([
      {
        leg: 'collection',
        in_zone: null,
        zone_name: { en: 'Airport' },
        kind: 'flight',
        address: '',
        flight_number: 'TG661',
        fee: '750.50',
      },
      {
        leg: 'delivery',
        in_zone: true,
        zone_name: { en: 'Old Town' },
        kind: 'hotel',
        address: 'Amari Watergate, 847 Phetchaburi Road',
        flight_number: '',
        fee: '500.00',
      },
    ]);
    const constraints = await db.query<{ conname: string }>(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'booking_deliveries'::regclass ORDER BY conname`,
    );
    // The six 1704 wrote, and on PostgreSQL 18 / PGlite the seven NOT NULLs: none keeps the old name.
    expect(constraints.map((c) => c.conname).filter((n) => !n.endsWith('_not_null'))).toEqual([
      'booking_deliveries_booking_id_fkey',
      'booking_deliveries_fee_check',
      'booking_deliveries_kind_check',
      'booking_deliveries_leg_check',
      'booking_deliveries_pkey',
      'booking_deliveries_zone_id_fkey',
    ]);
    expect(constraints.filter((c) => !c.conname.startsWith('booking_deliveries_'))).toEqual([]);
    // The rules came with the table: a third leg is refused as before, and the booking's erasure cascades.
    await expect(
      db.query(
        `INSERT INTO booking_deliveries (booking_id, leg, zone_name, kind, fee) VALUES ($1, 'return', '{}', 'hotel', 0)`,
        [booking.id],
      ),
    ).rejects.toThrow(/booking_deliveries_leg_check/);
    await db.query('DELETE FROM bookings WHERE id = $1', [booking.id]);
    const [left] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM booking_deliveries WHERE booking_id = $1',
      [booking.id],
    );
    expect(left!.n).toBe(0);
  });
});
