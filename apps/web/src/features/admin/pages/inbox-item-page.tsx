import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { InboxItem, InboxKind } from '@siam/contract/admin-inbox';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, SavedNote, TextAreaField, useFormats } from '../admin-ui';
import { HandledBadge } from './inbox-page';

/** A form with one text and a submit button; the text clears once it is saved. */
function TextForm({
  label,
  hint,
  submit,
  busyLabel,
  path,
  done,
}: {
  label: string;
  hint?: string;
  submit: string;
  busyLabel: string;
  path: string;
  done: string;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const save = useAdminMutation<InboxItem, { text: string }>('POST', path);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!text.trim());
    if (!text.trim()) return;
    save.mutate({ text }, { onSuccess: () => setText('') });
  };
  const error = missing ? t('inbox.required') : fieldErrors(save.error).text;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextAreaField
        label={label}
        hint={hint}
        value={text}
        maxLength={5000}
        onChange={(e) => setText(e.target.value)}
        error={error}
      />
      <ErrorNote error={save.error && !fieldErrors(save.error).text ? save.error : null} />
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? busyLabel : submit}
      </button>
      <SavedNote show={save.isSuccess}>{done}</SavedNote>
    </form>
  );
}

/**
 * One message or quote request: everything the sender wrote, its handled
 * state, the notes staff keep on it, and an answer emailed to the sender
 * (kept as a note; the item becomes handled).
 */
export function InboxItemPage({ kind, id }: { kind: InboxKind; id: string }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const query = useAdminQuery<InboxItem>(`/inbox/${kind}/${id}`);
  const toggle = useAdminMutation<InboxItem, { handled: boolean }>('POST', `/inbox/${kind}/${id}/handled`);
  const item = query.data;
  const title = item ? item.subject : t(`inbox.kind.${kind}`);
  const fields: [label: string, value: string | null, href?: string][] = item
    ? kind === 'quotes'
      ? [
          [t('inbox.company'), item.companyName],
          [t('inbox.contact'), item.contactName],
          [t('inbox.position'), item.position],
          [t('inbox.email'), item.email, `mailto:${item.email}`],
          [t('inbox.phone'), item.phone],
          [t('inbox.vehicles'), item.vehicles],
          [t('inbox.language'), t(`frame.languages.${item.language}`)],
          [t('inbox.received'), dateTime(item.createdAt)],
        ]
      : [
          [t('inbox.name'), item.name],
          [t('inbox.email'), item.email, `mailto:${item.email}`],
          [t('inbox.subject'), item.subject],
          [t('inbox.language'), t(`frame.languages.${item.language}`)],
          [t('inbox.received'), dateTime(item.createdAt)],
        ]
    : [];
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/inbox" className="text-brand-700 underline">
          {t('inbox.back')}
        </Link>
      </p>
      <PageTitle title={title}>{item && <HandledBadge handled={item.handledAt !== null} />}</PageTitle>
      <ErrorNote error={query.error} />
      {query.isPending && <Loading />}
      {item && (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-4">
            <Card title={t(`inbox.kind.${kind}`)}>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
                {fields.map(([label, value, href]) => (
                  <div key={label} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-words">
                      {href ? (
                        <a href={href} className="underline">
                          {value}
                        </a>
                      ) : (
                        value
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
              <h3 className="mt-4 mb-1 font-semibold">{t('inbox.message')}</h3>
              <p className="whitespace-pre-line break-words" data-testid="inbox-message">
                {item.message || t('inbox.noMessage')}
              </p>
            </Card>
            <Card title={t('inbox.stateLabel')}>
              <p className="mb-3" data-testid="inbox-state">
                {item.handledAt
                  ? t('inbox.handledBy', {
                      who: item.handledBy ?? t('inbox.formerStaff'),
                      when: dateTime(item.handledAt),
                    })
                  : t('inbox.notHandledYet')}
              </p>
              <button
                type="button"
                className={item.handledAt ? 'btn-outline' : 'btn-primary'}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ handled: item.handledAt === null })}
              >
                {item.handledAt ? t('inbox.markNotHandled') : t('inbox.markHandled')}
              </button>
              <ErrorNote error={toggle.error} />
            </Card>
          </div>
          <div className="space-y-4">
            <Card title={t('inbox.replyTitle')}>
              <TextForm
                label={t('inbox.replyLabel')}
                hint={t('inbox.replyHint', { email: item.email })}
                submit={t('inbox.sendReply')}
                busyLabel={t('inbox.sending')}
                path={`/inbox/${kind}/${id}/reply`}
                done={t('inbox.replySent')}
              />
            </Card>
            <Card title={t('inbox.notesTitle')}>
              {item.noteList.length === 0 ? (
                <p className="mb-3 text-slate-600">{t('inbox.noNotes')}</p>
              ) : (
                <ol className="mb-4 space-y-3" data-testid="inbox-notes">
                  {item.noteList.map((n) => (
                    <li key={n.id} className="rounded-lg border border-slate-200 p-3">
                      <p className="text-sm text-slate-600">
                        {n.kind === 'reply' ? t('inbox.replyBy') : t('inbox.noteBy')} {n.authorEmail} ·{' '}
                        {dateTime(n.createdAt)}
                      </p>
                      <p className="whitespace-pre-line break-words">{n.text}</p>
                    </li>
                  ))}
                </ol>
              )}
              <TextForm
                label={t('inbox.noteLabel')}
                hint={t('inbox.noteHint')}
                submit={t('inbox.addNote')}
                busyLabel={t('inbox.saving')}
                path={`/inbox/${kind}/${id}/notes`}
                done={t('inbox.noteAdded')}
              />
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
