import { useState, type FormEvent } from 'react';
import {
  defaultLicenceAcceptance,
  licenceAcceptance,
  licenceAcceptances,
  type LicenceAcceptance,
  type LicenceRuleChanges,
} from '@siam/contract/licence-countries';
import { countryName, countryOptions } from '../../../lib/country-names';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, SavedNote, SelectField } from '../admin-ui';

/**
 * What a licence from each country needs beside it (issue 36 part 1, decision 3601): the defaults
 * (ASEAN alone, China an IDP or a translation, the rest an IDP) and the countries staff changed, as
 * the company agreed with its insurer. Admins change a country; the booking form, the licence guide,
 * the terms and the server's check follow.
 */
export function LicenceRulesPage({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.resolvedLanguage ?? 'en';
  const rules = useAdminQuery<{ changes: LicenceRuleChanges }>('/licence-rules');
  const save = useAdminMutation<{ changes: LicenceRuleChanges }, { country: string; accepts: string }>(
    'PUT',
    (v) => `/licence-rules/${v.country}`,
  );
  const [country, setCountry] = useState('CN');
  const [accepts, setAccepts] = useState<LicenceAcceptance | ''>('');
  if (rules.isPending) return <Loading />;
  if (rules.error) return <ErrorNote error={rules.error} />;
  const changes = rules.data?.changes ?? {};
  const current = licenceAcceptance(country, changes);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ country, accepts: accepts || current });
  };
  return (
    <>
      <PageTitle title={t('licenceRules.title')} />
      <p className="mb-4 max-w-3xl text-slate-700">{t('licenceRules.lead')}</p>
      {canEdit && (
        <Card title={t('licenceRules.change')}>
          <form noValidate onSubmit={submit} className="grid gap-3 md:grid-cols-3 md:items-end">
            <SelectField
              label={t('licenceRules.country')}
              value={country}
              onChange={(e) => {
                setCountry(e.target.value);
                setAccepts('');
              }}
            >
              {countryOptions(lng).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('licenceRules.accepts')}
              value={accepts || current}
              onChange={(e) => setAccepts(e.target.value as LicenceAcceptance)}
            >
              {licenceAcceptances.map((a) => (
                <option key={a} value={a}>
                  {t(`licenceRules.rules.${a}`)}
                  {a === defaultLicenceAcceptance(country) ? ` (${t('licenceRules.default')})` : ''}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="btn-primary min-h-11" disabled={save.isPending}>
              {t('licenceRules.save')}
            </button>
          </form>
          <ErrorNote error={save.error} />
          <SavedNote show={save.isSuccess} />
        </Card>
      )}
      <Card title={t('licenceRules.changed')} className="mt-4">
        {Object.keys(changes).length === 0 ? (
          <p className="text-slate-700">{t('licenceRules.none')}</p>
        ) : (
          <ul className="space-y-1" data-testid="licence-rule-changes">
            {Object.entries(changes).map(([code, rule]) => (
              <li key={code}>
                {countryName(code, lng)}: {t(`licenceRules.rules.${rule}`)} (
                {t('licenceRules.defaultWas', {
                  rule: t(`licenceRules.rules.${defaultLicenceAcceptance(code)}`),
                })}
                )
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
