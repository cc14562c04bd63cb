import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * A registered Thai address as ETDA's e-Tax XML carries it (decision 3403): the house or building
 * number, the street (with soi or building, optional), the sub-district by its TISI 1099 code (6
 * digits: province 2, district 4, the district and province follow from it) and the postcode. The
 * server checks the code and the postcode against the TISI table it ships
 * (apps/api/src/modules/thai-addresses/); the page chooses the sub-district from those of the postcode.
 */
export const thaiAddressMessages = {
  buildingNumber: 'Please enter the house or building number',
  street: 'Street, soi or building: at most 70 characters',
  postcode: 'A postcode is 5 digits',
  postcodeUnknown: 'No sub-district has this postcode',
  subDistrict: 'Please choose the sub-district',
  subDistrictPostcode: 'This sub-district is not in that postcode',
} as const;

const postcodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, thaiAddressMessages.postcode);
const subDistrictCodeSchema = z.string().regex(/^\d{6}$/, thaiAddressMessages.subDistrict);

export const thaiAddressSchema = z.object({
  buildingNumber: z
    .string()
    .trim()
    .min(1, thaiAddressMessages.buildingNumber)
    .max(16, thaiAddressMessages.buildingNumber),
  street: z.string().trim().max(70, thaiAddressMessages.street).default(''),
  subDistrictCode: subDistrictCodeSchema,
  postcode: postcodeSchema,
});
export type ThaiAddress = z.output<typeof thaiAddressSchema>;
export type ThaiAddressInput = z.input<typeof thaiAddressSchema>;

/** Where a postcode is and the address form asks for the sub-district: its sub-districts. */
export const postcodeParamsSchema = z.object({ postcode: postcodeSchema });
const placeSchema = z.object({ code: z.string(), name: z.object({ th: z.string(), en: z.string() }) });
export const subDistrictSchema = placeSchema.extend({ district: placeSchema, province: placeSchema });
export type SubDistrict = z.infer<typeof subDistrictSchema>;
export const subDistrictsResponseSchema = dataEnvelope(z.array(subDistrictSchema));
