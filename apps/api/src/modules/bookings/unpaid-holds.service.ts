import type { ReleaseHoldsBody, UnpaidHold } from '@siam/contract/admin-unpaid-holds';
import type { Language } from '@siam/contract/languages';
import { addressKey } from '../../lib/address-key';
import type { BookingsAdminService } from './bookings-admin.service';
import type { UnpaidHoldRow, UnpaidHoldsRepository } from './unpaid-holds.repository';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toHold(row: UnpaidHoldRow, lang: Language): UnpaidHold {
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    status: row.status as UnpaidHold['status'],
    carName: `${row.brand[lang]} ${row.model[lang]}`,
    branchCode: row.branch_code,
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    paymentMethod: row.payment_method,
    payBy: iso(row.payment_due_at),
    slipPending: row.slip_pending,
    customerEmail: row.email,
    accountCreatedAt: iso(row.account_created_at),
    emailVerified: row.email_verified,
    completedRentals: Number(row.completed),
    address: row.created_ip,
    device: row.device_id ? row.device_id.slice(0, 8) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Cars held without payment, as staff see them (issue 13): who holds them and
 * from where, and a bulk release for holds that look like hoarding. Each
 * release is an ordinary staff cancellation: free of charge, audited, the car
 * and any promotion code given back at once.
 */
export class UnpaidHoldsService {
  constructor(
    private readonly repository: UnpaidHoldsRepository,
    private readonly bookingsAdmin: BookingsAdminService,
  ) {}

  async list(address: string | undefined, lang: Language) {
    const [holds, addresses] = await Promise.all([
      this.repository.holds(address === undefined ? undefined : addressKey(address)),
      this.repository.addresses(),
    ]);
    return {
      holds: holds.map((row) => toHold(row, lang)),
      addresses: addresses.map((a) => ({
        address: a.address,
        unpaidHolds: a.unpaid,
        newAccounts: a.new_accounts,
      })),
    };
  }

  async release(actor: { id: number; email: string }, body: ReleaseHoldsBody, lang: Language) {
    const released: number[] = [];
    const skipped: number[] = [];
    for (const id of new Set(body.bookingIds)) {
      try {
        await this.bookingsAdmin.cancel(actor, id, { reason: body.reason, applyFee: false }, lang, {
          onlyIfAwaitingPayment: true,
        });
        released.push(id);
      } catch {
        // Gone, or no longer cancellable: reported, not a failure of the others.
        skipped.push(id);
      }
    }
    return { released, skipped };
  }
}
