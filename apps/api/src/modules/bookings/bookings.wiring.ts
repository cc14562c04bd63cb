import { storageFolder, type FileStorage } from '../../lib/file-storage';
import type { Settings } from '../../config/settings';
import type { Mailer } from '../../lib/mailer';
import type { PricingService } from '../pricing/pricing.service';
import type { UnitsAdminService } from '../fleet/units-admin.service';
import type { UsersService } from '../users/users.service';
import type { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';

/** The booking record's service over the app's one BookingsRepository (services.ts builds both). */
export function buildBookingsService(
  repository: BookingsRepository,
  settings: Settings,
  deps: {
    pricing: PricingService;
    users: Pick<UsersService, 'taxBuyer' | 'saveTaxBuyer'>;
    units: Pick<UnitsAdminService, 'moveTo'>;
    /** The ways the payment gateway takes online now (payments/): the mails say a booking can be paid online. */
    onlineSources: () => Promise<readonly string[]>;
    mailer: Mailer;
    files: FileStorage;
    /** A receipt's signed link (lib/receipt-link.ts, signed with the session secret). */
    receiptUrl?: (bookingId: number) => string;
    clock?: { now(): Date };
  },
) {
  const { files, ...rest } = deps;
  return new BookingsService(repository, {
    ...rest,
    // Personal data: never a public file, read only through the API by the owner and staff.
    licences: storageFolder(files, 'licences'),
    publicUrl: settings.publicUrl,
  });
}
