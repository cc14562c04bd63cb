import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { thaiAddressMessages, type SubDistrict } from '@siam/contract/thai-address';
import { apiRequest } from '../../lib/api-client';
import { useMessageWords } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';

/** The sub-districts of a postcode, from the TISI table the server ships (none: no such postcode). */
export const fetchSubDistricts = (postcode: string) =>
  apiRequest<{ status: true; response: { data: SubDistrict[] } }>(
    `/guest/postcodes/${postcode}/sub-districts`,
  ).then((r) => r.response.data);

/**
 * A Thai address's postcode, then its sub-district chosen among the postcode's (with district and
 * province), as tax invoices need them (decision 3402): the customer's company details, the back
 * office's companies and branches. A postcode nobody has is said at once; the server checks both
 * again. Controlled by the form (values and changes); errors come translated from it. Marked up as
 * lib/form-fields' fields are (label, control, error tied by aria-describedby).
 */
export function PostcodeAndSubDistrict({
  postcode,
  subDistrictCode,
  onPostcode,
  onSubDistrict,
  postcodeError,
  subDistrictError,
}: {
  postcode: string;
  subDistrictCode: string;
  onPostcode: (value: string) => void;
  onSubDistrict: (code: string) => void;
  postcodeError?: string;
  subDistrictError?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const words = useMessageWords();
  const id = useId();
  const typed = postcode.trim();
  const complete = /^\d{5}$/.test(typed);
  const list = useQuery({
    queryKey: ['sub-districts', typed],
    queryFn: () => fetchSubDistricts(typed),
    enabled: complete,
    staleTime: Infinity,
  });
  const name = (place: { name: { th: string; en: string } }) =>
    i18n.language === 'th' ? place.name.th : place.name.en;
  const postcodeSays =
    postcodeError ??
    (complete && list.data?.length === 0 ? words.say(thaiAddressMessages.postcodeUnknown, t) : undefined);
  return (
    <>
      <div>
        <label htmlFor={`${id}-postcode`} className="field-label">
          {t('address.postcode')}
        </label>
        <input
          id={`${id}-postcode`}
          className="field-input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={postcode}
          onChange={(e) => onPostcode(e.target.value)}
          aria-invalid={Boolean(postcodeSays)}
          aria-describedby={postcodeSays ? `${id}-postcode-error` : undefined}
        />
        {postcodeSays && (
          <p id={`${id}-postcode-error`} role="alert" className="field-error">
            {postcodeSays}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-sub-district`} className="field-label">
          {t('address.subDistrict')}
        </label>
        <select
          id={`${id}-sub-district`}
          className="field-input"
          value={list.data?.some((s) => s.code === subDistrictCode) ? subDistrictCode : ''}
          onChange={(e) => onSubDistrict(e.target.value)}
          aria-invalid={Boolean(subDistrictError)}
          aria-describedby={subDistrictError ? `${id}-sub-district-error` : undefined}
        >
          <option value="">{complete ? t('address.choose') : t('address.postcodeFirst')}</option>
          {list.data?.map((s) => (
            <option key={s.code} value={s.code}>
              {`${name(s)} · ${name(s.district)} · ${name(s.province)}`}
            </option>
          ))}
        </select>
        {subDistrictError && (
          <p id={`${id}-sub-district-error`} role="alert" className="field-error">
            {subDistrictError}
          </p>
        )}
      </div>
    </>
  );
}
