import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  rentalConditionKinds,
  rentalConditionPatchSchema,
  rentalConditionTextMax,
  type AdminRentalCondition,
  type RentalConditionKind,
} from '@siam/contract/admin-content';
import { languages, type Language } from '@siam/contract/languages';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Field, Loading, PageTitle, SavedNote, useFormats } from '../admin-ui';
import { formIssues, serverIssues, type FieldIssue } from '../content-form-errors';

type Texts = Record<Language, string>;

function useIssueMessages() {
  const { t } = useTranslation('admin');
  return (issues: Record<string, FieldIssue>, lng: Language) => {
    const issue = issues[`text.${lng}`];
    return issue
      ? t(`conditions.errors.${issue.kind === 'tooLong' ? 'tooLong' : 'required'}`, { max: issue.max })
      : undefined;
  };
}

/** The three texts of one condition, checked here first so every problem is worded in the reader's language. */
function ConditionForm({
  label,
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  children,
}: {
  label: string;
  initial: Texts;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit: (text: Texts, reset: () => void) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState<Texts>(initial);
  const [issues, setIssues] = useState<Record<string, FieldIssue>>({});
  const messageFor = useIssueMessages();
  const all = { ...serverIssues(serverError), ...issues };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = formIssues(rentalConditionPatchSchema, { text });
    setIssues(found);
    if (!Object.keys(found).length) onSubmit(text, () => setText({ th: '', en: '', zh: '' }));
  };
  return (
    <form noValidate aria-label={label} onSubmit={submit} className="grid gap-3 md:grid-cols-3">
      {languages.map((lng) => (
        <Field
          key={lng}
          lang={lng}
          label={t('conditions.textIn', { language: t(`frame.languages.${lng}`) })}
          value={text[lng]}
          maxLength={rentalConditionTextMax}
          onChange={(e) => setText({ ...text, [lng]: e.target.value })}
          error={messageFor(all, lng)}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3 md:col-span-3">
        <button type="submit" className="btn-primary" disabled={pending}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}

function ConditionItem({
  condition,
  position,
  count,
}: {
  condition: AdminRentalCondition;
  position: number;
  count: number;
}) {
  const { t } = useTranslation('admin');
  const { lng: staffLanguage } = useFormats();
  const save = useAdminMutation<AdminRentalCondition, { text: Texts }>(
    'PATCH',
    `/rental-conditions/${condition.id}`,
  );
  const move = useAdminMutation<AdminRentalCondition[], { direction: 'up' | 'down' }>(
    'POST',
    `/rental-conditions/${condition.id}/move`,
  );
  const remove = useAdminMutation<{ ok: true }>('DELETE', `/rental-conditions/${condition.id}`);
  const [confirm, setConfirm] = useState(false);
  const name = t('conditions.itemLabel', {
    position,
    text: condition.text[staffLanguage] || condition.text.en,
  });
  return (
    <li className="border-b border-slate-100 py-4" data-testid="condition-item" aria-label={name}>
      <ConditionForm
        label={name}
        initial={condition.text}
        submitLabel={t('save')}
        pending={save.isPending}
        serverError={save.error}
        onSubmit={(text) => save.mutate({ text })}
      >
        <button
          type="button"
          className="btn-outline"
          disabled={position === 1 || move.isPending}
          onClick={() => move.mutate({ direction: 'up' })}
        >
          {t('conditions.moveUp')}
        </button>
        <button
          type="button"
          className="btn-outline"
          disabled={position === count || move.isPending}
          onClick={() => move.mutate({ direction: 'down' })}
        >
          {t('conditions.moveDown')}
        </button>
        {confirm ? (
          <span role="group" aria-label={t('conditions.deleteConfirm')} className="flex items-center gap-2">
            <span>{t('conditions.deleteConfirm')}</span>
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined)}
            >
              {t('conditions.deleteYes')}
            </button>
            <button type="button" className="btn-outline" onClick={() => setConfirm(false)}>
              {t('cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="btn-outline" onClick={() => setConfirm(true)}>
            {t('conditions.delete')}
          </button>
        )}
        <SavedNote show={save.isSuccess} />
      </ConditionForm>
      <ErrorNote
        error={
          (save.error && !Object.keys(serverIssues(save.error)).length ? save.error : null) ??
          move.error ??
          remove.error
        }
      />
    </li>
  );
}

function ConditionList({
  kind,
  conditions,
}: {
  kind: RentalConditionKind;
  conditions: AdminRentalCondition[];
}) {
  const { t } = useTranslation('admin');
  const add = useAdminMutation<AdminRentalCondition, { kind: RentalConditionKind; text: Texts }>(
    'POST',
    '/rental-conditions',
  );
  const title = t(`conditions.kinds.${kind}`);
  return (
    <Card title={title}>
      {conditions.length === 0 && <p className="text-slate-600">{t('conditions.none')}</p>}
      <ol aria-label={title}>
        {conditions.map((c, index) => (
          <ConditionItem key={c.id} condition={c} position={index + 1} count={conditions.length} />
        ))}
      </ol>
      <h3 className="mt-4 mb-2 font-semibold">{t('conditions.addTitle', { list: title })}</h3>
      <ConditionForm
        label={t('conditions.addTitle', { list: title })}
        initial={{ th: '', en: '', zh: '' }}
        submitLabel={t('conditions.add')}
        pending={add.isPending}
        serverError={add.error}
        onSubmit={(text, reset) => add.mutate({ kind, text }, { onSuccess: reset })}
      >
        <SavedNote show={add.isSuccess}>{t('conditions.added')}</SavedNote>
      </ConditionForm>
      <ErrorNote error={add.error && !Object.keys(serverIssues(add.error)).length ? add.error : null} />
    </Card>
  );
}

/** What the price includes and does not include, as car pages show it, in three languages. */
export function RentalConditionsPage() {
  const { t } = useTranslation('admin');
  const list = useAdminQuery<AdminRentalCondition[]>('/rental-conditions');
  return (
    <>
      <PageTitle title={t('conditions.title')} />
      <p className="mb-4 max-w-3xl text-slate-700">{t('conditions.intro')}</p>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {list.data && (
        <div className="space-y-4">
          {rentalConditionKinds.map((kind) => (
            <ConditionList key={kind} kind={kind} conditions={list.data.filter((c) => c.kind === kind)} />
          ))}
        </div>
      )}
    </>
  );
}
