import type { PaymentMethod } from '@siam/contract/bookings';
import type { User } from '@siam/contract/auth';
import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { emptyLicence, type LicenceValues } from '../bookings/driver-fields';

export type DriverValues = LicenceValues & { firstName: string; lastName: string };

/** What the customer types on the booking form (the rest of the choice lives in the address and use-booking-choice). */
export interface FormValues {
  driver: DriverValues & { email: string; phone: string; idNumber: string };
  /** Up to two more drivers, free. */
  additionalDrivers: DriverValues[];
  card: { number: string; name: string; expiry: string; cvv: string };
  method: PaymentMethod;
  acceptTerms: boolean;
  /** Typed, not yet applied: applying asks the server (validatePromo). */
  promoCode: string;
  /** A company's full tax invoice: asked for, and made out to whom. */
  company: {
    wanted: boolean;
    companyName: string;
    address: string;
    postcode: string;
    subDistrictCode: string;
    taxId: string;
    headOffice: boolean;
    branchNo: string;
  };
}

/**
 * A fresh form, with the signed-in customer's own details as the main driver's. An account from a
 * provider that gave no email (LINE) has a made-up `.invalid` one: the form asks for a real address
 * instead of filling that in, and asks the surname LINE does not give (issue 36).
 */
export function defaultValues(user: User | null): FormValues {
  return {
    driver: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user && !isMadeUpEmail(user.email) ? user.email : '',
      phone: user?.phone ?? '',
      idNumber: '',
      ...emptyLicence,
    },
    additionalDrivers: [],
    card: { number: '', name: '', expiry: '', cvv: '' },
    method: 'card',
    acceptTerms: false,
    promoCode: '',
    company: {
      wanted: false,
      companyName: '',
      address: '',
      postcode: '',
      subDistrictCode: '',
      taxId: '',
      headOffice: true,
      branchNo: '',
    },
  };
}

/** The company's details as the API takes them (taxBuyerSchema). */
export const taxBuyerOf = (c: FormValues['company']) => ({
  companyName: c.companyName,
  address: c.address,
  subDistrictCode: c.subDistrictCode,
  postcode: c.postcode,
  taxId: c.taxId,
  branch: c.headOffice ? '00000' : c.branchNo,
});

/** The field a server's path names (`taxInvoice.branch` is the form's `company.branchNo`). */
export const formPathOf = (path: string) =>
  path.startsWith('taxInvoice.')
    ? `company.${path.slice('taxInvoice.'.length).replace('branch', 'branchNo')}`
    : path;
