import type { FieldError } from '@siam/contract/errors';
import { thaiAddressMessages, type SubDistrict, type ThaiAddress } from '@siam/contract/thai-address';
import { AppError } from '../../lib/app-error';
import table from './tisi-1099.json' with { type: 'json' };

/**
 * Thai provinces, districts and sub-districts by their TISI 1099 codes, the codes ETDA's e-Tax XML
 * carries (CountrySubDivisionID, CityName, CitySubDivisionName), with each sub-district's postcode.
 * The table is data kept in the repository (scripts/thai-address-table.mjs made it from a public
 * dataset, keeping only codes ETDA's code lists have; decision 3403): nothing is fetched at run time.
 */
type Names = [th: string, en: string];
const provinces = table.provinces as unknown as Record<string, Names>;
const districts = table.districts as unknown as Record<string, Names>;
const subDistricts = table.subDistricts as unknown as Record<
  string,
  [th: string, en: string, postcode: string]
>;

const byPostcode = new Map<string, string[]>();
for (const [code, [, , postcode]] of Object.entries(subDistricts))
  byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), code]);

const named = (code: string, names: Names) => ({ code, name: { th: names[0], en: names[1] } });

/** A sub-district with its district and province, or undefined for a code not in the table. */
export function subDistrict(code: string): SubDistrict | undefined {
  const s = subDistricts[code];
  const d = districts[code.slice(0, 4)];
  const p = provinces[code.slice(0, 2)];
  if (!s || !d || !p) return undefined;
  return {
    ...named(code, [s[0], s[1]]),
    district: named(code.slice(0, 4), d),
    province: named(code.slice(0, 2), p),
  };
}

/** The sub-districts a postcode covers (none: no such postcode). */
export function subDistrictsOf(postcode: string): SubDistrict[] {
  return (byPostcode.get(postcode) ?? []).map((code) => subDistrict(code)!);
}

/**
 * What is wrong with an address the table can tell, at its fields under `path`: a postcode no
 * sub-district has, a sub-district not in the table or not in that postcode.
 */
export function thaiAddressErrors(
  address: Pick<ThaiAddress, 'subDistrictCode' | 'postcode'>,
  path: string,
): FieldError[] {
  if (!byPostcode.has(address.postcode))
    return [{ path: `${path}postcode`, message: thaiAddressMessages.postcodeUnknown }];
  if (!subDistrict(address.subDistrictCode))
    return [{ path: `${path}subDistrictCode`, message: thaiAddressMessages.subDistrict }];
  if (subDistricts[address.subDistrictCode]![2] !== address.postcode)
    return [{ path: `${path}subDistrictCode`, message: thaiAddressMessages.subDistrictPostcode }];
  return [];
}

/** Refuses (400, at its fields) an address the table says is wrong. */
export function checkThaiAddress(
  address: Pick<ThaiAddress, 'subDistrictCode' | 'postcode'>,
  path = '',
): void {
  const errors = thaiAddressErrors(address, path);
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
}

/**
 * The address's words in Thai as printed on tax documents: Bangkok's แขวง/เขต, elsewhere ตำบล/อำเภอ
 * (the table's Bangkok district names already begin with เขต), then the province and postcode.
 */
export function thaiAddressWords(address: {
  line: string;
  subDistrictCode: string;
  postcode: string;
}): string {
  const s = subDistrict(address.subDistrictCode);
  if (!s) return `${address.line} ${address.postcode}`.trim();
  const bangkok = s.province.code === '10';
  return [
    address.line,
    `${bangkok ? 'แขวง' : 'ตำบล'}${s.name.th}`,
    bangkok ? s.district.name.th : `อำเภอ${s.district.name.th}`,
    bangkok ? s.province.name.th : `จังหวัด${s.province.name.th}`,
    address.postcode,
  ]
    .filter(Boolean)
    .join(' ');
}
