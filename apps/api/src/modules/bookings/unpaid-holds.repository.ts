import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LocalizedText } from '../../db/schema/localized';
import { rows } from '../../db/sql-rows';

export interface UnpaidHoldRow {
  id: number;
  booking_number: string;
  status: string;
  brand: LocalizedText;
  model: LocalizedText;
  branch_code: string;
  pickup_date: string;
  return_date: string;
  payment_method: string;
  payment_due_at: Date | string | null;
  slip_pending: boolean;
  email: string | null;
  account_created_at: Date | string | null;
  email_verified: boolean;
  completed: number;
  created_ip: string | null;
  device_id: string | null;
  created_at: Date | string;
}

/** Bookings awaiting payment, with what tells who made them (issue 13). */
export class UnpaidHoldsRepository {
  constructor(private readonly db: Db) {}

  /** Holds, or those of one address key (an IPv4 address, or an IPv6 /64: lib/address-key.ts). */
  holds(address?: string) {
    return rows<UnpaidHoldRow>(
      this.db,
      sql`SELECT b.id, b.booking_number, b.status, m.brand, m.model, b.branch_code,
            to_char(b.pickup_date, 'YYYY-MM-DD') AS pickup_date, to_char(b.return_date, 'YYYY-MM-DD') AS return_date,
            b.payment_method, b.payment_due_at,
            pf.slip_pending,
            u.email, u.created_at AS account_created_at, (u.email_verified_at IS NOT NULL) AS email_verified,
            (SELECT count(*)::int FROM bookings c WHERE c.user_id = b.user_id AND c.status = 'completed') AS completed,
            b.created_ip, b.device_id, b.created_at
          FROM bookings b
          JOIN car_models m ON m.id = b.car_model_id
          LEFT JOIN users u ON u.id = b.user_id
          -- "A slip waits" is payments' fact, from the view it publishes (2151, docs/decisions/3306).
          JOIN booking_payment_facts pf ON pf.booking_id = b.id
          WHERE b.status = 'awaiting_payment' ${address ? sql`AND b.created_address_key = ${address}` : sql``}
          ORDER BY b.created_at DESC
          LIMIT 500`,
    );
  }

  /**
   * Addresses holding cars unpaid, with the accounts registered from them in the last day: the
   * likeliest hoarders first. An address is its key, as the limits count it: an IPv6 household is its /64.
   */
  addresses() {
    return rows<{ address: string; unpaid: number; new_accounts: number }>(
      this.db,
      sql`SELECT a.address, a.unpaid, coalesce(r.n, 0)::int AS new_accounts
          FROM (SELECT created_address_key AS address, count(*)::int AS unpaid FROM bookings
                WHERE status = 'awaiting_payment' AND created_address_key IS NOT NULL GROUP BY created_address_key) a
          LEFT JOIN (SELECT registered_address_key, count(*)::int AS n FROM users
                     WHERE registered_address_key IS NOT NULL AND created_at > now() - interval '24 hours'
                     GROUP BY registered_address_key) r ON r.registered_address_key = a.address
          ORDER BY a.unpaid DESC, new_accounts DESC, a.address
          LIMIT 50`,
    );
  }
}
