import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { Link } from '../../../lib/site-link';
import {
  articleBodySchema,
  articleLimits,
  type AdminArticle,
  type ArticleBody,
} from '@siam/contract/admin-content';
import type { Language } from '@siam/contract/languages';
import { apiRequest } from '../../../lib/api-client';
import { articleBodyClass } from '../../content/article-body';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import {
  Card,
  ErrorNote,
  Field,
  Loading,
  PageTitle,
  SavedNote,
  TextAreaField,
  useFormats,
} from '../admin-ui';
import { formIssues, serverIssues, type FieldIssue } from '../content-form-errors';

type Texts = Record<Language, string>;
interface Draft {
  slug: string;
  title: Texts;
  excerpt: Texts;
  body: Texts;
  coverImage: string;
  isPublished: boolean;
}
const emptyTexts = (): Texts => ({ th: '', en: '', zh: '' });
const blank = (): Draft => ({
  slug: '',
  title: emptyTexts(),
  excerpt: emptyTexts(),
  body: emptyTexts(),
  coverImage: '',
  isPublished: false,
});

/**
 * The body's preview, rendered by the server with the very function the
 * public article page uses (sanitized), and styled with the page's classes.
 */
function MarkdownPreview({ markdown, language }: { markdown: string; language: Language }) {
  const { t } = useTranslation('admin');
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const headingId = useId();
  useEffect(() => {
    const controller = new AbortController();
    // Waits for a pause in typing before asking the server.
    const timer = setTimeout(() => {
      if (!markdown.trim()) {
        setHtml('');
        return;
      }
      apiRequest<{ response: { data: { html: string } } }>('/admin/articles/preview', {
        method: 'POST',
        body: { markdown },
        signal: controller.signal,
      }).then(
        (res) => {
          setFailed(false);
          setHtml(res.response.data.html);
        },
        () => {
          if (!controller.signal.aborted) setFailed(true);
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [markdown]);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-dashed border-slate-400 bg-white p-4"
      data-testid={`preview-${language}`}
    >
      <p id={headingId} className="text-sm font-semibold text-slate-700">
        {t('articles.preview', { language: t(`frame.languages.${language}`) })}
      </p>
      {failed && <p className="text-sm text-red-700">{t('articles.previewFailed')}</p>}
      {html === null ? (
        <p className="text-sm text-slate-600">{t('loading')}</p>
      ) : html === '' ? (
        <p className="text-sm text-slate-600">{t('articles.previewEmpty')}</p>
      ) : (
        <div
          lang={language}
          className={articleBodyClass}
          // Sanitized by the server with the public page's allow-list (no scripts, handlers, iframes or javascript: links).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </section>
  );
}

function ArticleForm({ initial, coverImages }: { initial?: AdminArticle; coverImages: string[] }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(() =>
    initial
      ? {
          slug: initial.slug,
          title: { ...initial.title },
          excerpt: { ...initial.excerpt },
          body: { ...initial.body },
          coverImage: initial.coverImage,
          isPublished: initial.isPublished,
        }
      : blank(),
  );
  const [touched, setTouched] = useState(false);
  const [issues, setIssues] = useState<Record<string, FieldIssue>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useAdminMutation<AdminArticle, ArticleBody>(
    initial ? 'PUT' : 'POST',
    initial ? `/articles/${initial.id}` : '/articles',
  );
  const remove = useAdminMutation<{ ok: true }>('DELETE', initial ? `/articles/${initial.id}` : '/articles');
  const listId = useId();

  const allIssues = { ...serverIssues(save.error), ...issues };
  const message = (path: string): string | undefined => {
    const issue = allIssues[path];
    if (!issue) return undefined;
    if (issue.kind === 'format')
      return t(path === 'slug' ? 'articles.errors.slugFormat' : 'articles.errors.coverFormat');
    if (issue.kind === 'taken') return t('articles.errors.slugTaken');
    return t(`articles.errors.${issue.kind}`, { max: issue.max });
  };
  const update = (next: Draft) => {
    setDraft(next);
    setTouched(true);
    // A problem disappears as soon as it is fixed; new ones wait for the next save.
    if (Object.keys(issues).length) {
      const now = formIssues(articleBodySchema, next);
      setIssues(Object.fromEntries(Object.entries(issues).filter(([path]) => path in now)));
    }
  };
  const setText = (field: 'title' | 'excerpt' | 'body', lng: Language, value: string) =>
    update({ ...draft, [field]: { ...draft[field], [lng]: value } });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = formIssues(articleBodySchema, draft);
    setIssues(found);
    if (Object.keys(found).length) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        setTouched(false);
        if (!initial) navigate(`/admin/articles/${saved.id}?saved=1`, { replace: true });
      },
    });
  };
  const issueCount = Object.keys(allIssues).length;

  return (
    <form noValidate onSubmit={submit} aria-label={t(initial ? 'articles.editTitle' : 'articles.newTitle')}>
      {issueCount > 0 && (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {t('articles.errors.summary', { count: issueCount })}
        </p>
      )}
      <div className="space-y-4">
        <Card title={t('articles.basics')}>
          <div className="grid gap-3 md:grid-cols-2">
            <Field
              label={t('articles.slug')}
              hint={t('articles.slugHint')}
              value={draft.slug}
              maxLength={articleLimits.slug}
              onChange={(e) => update({ ...draft, slug: e.target.value })}
              error={message('slug')}
            />
            <div>
              <Field
                label={t('articles.cover')}
                hint={t('articles.coverHint')}
                value={draft.coverImage}
                list={listId}
                onChange={(e) => update({ ...draft, coverImage: e.target.value })}
                error={message('coverImage')}
              />
              <datalist id={listId}>
                {coverImages.map((src) => (
                  <option key={src} value={src} />
                ))}
              </datalist>
              {draft.coverImage && !message('coverImage') && (
                <img
                  src={draft.coverImage}
                  alt={t('articles.coverPreview')}
                  width={240}
                  height={126}
                  className="mt-2 aspect-[40/21] w-60 rounded-lg object-cover"
                />
              )}
            </div>
          </div>
          <fieldset className="mt-4">
            <legend className="field-label">{t('articles.status')}</legend>
            <div className="flex flex-wrap gap-4">
              {([false, true] as const).map((published) => (
                <label key={String(published)} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="status"
                    className="size-5 accent-brand-700"
                    checked={draft.isPublished === published}
                    onChange={() => update({ ...draft, isPublished: published })}
                  />
                  {published ? t('articles.statusPublished') : t('articles.statusDraft')}
                </label>
              ))}
            </div>
          </fieldset>
        </Card>

        {(['en', 'th', 'zh'] as const).map((lng) => (
          <Card
            key={lng}
            title={t(lng === 'en' ? 'articles.textsRequired' : 'articles.textsOptional', {
              language: t(`frame.languages.${lng}`),
            })}
          >
            <div className="grid gap-4 lg:grid-cols-2" lang={lng}>
              <div className="space-y-3">
                <Field
                  label={t('articles.titleIn', { language: t(`frame.languages.${lng}`) })}
                  value={draft.title[lng]}
                  maxLength={articleLimits.title}
                  onChange={(e) => setText('title', lng, e.target.value)}
                  error={message(`title.${lng}`)}
                />
                <TextAreaField
                  label={t('articles.excerptIn', { language: t(`frame.languages.${lng}`) })}
                  value={draft.excerpt[lng]}
                  rows={3}
                  onChange={(e) => setText('excerpt', lng, e.target.value)}
                  error={message(`excerpt.${lng}`)}
                />
                <TextAreaField
                  label={t('articles.bodyIn', { language: t(`frame.languages.${lng}`) })}
                  hint={t('articles.bodyHint')}
                  value={draft.body[lng]}
                  rows={14}
                  className="[&_textarea]:font-mono"
                  onChange={(e) => setText('body', lng, e.target.value)}
                  error={message(`body.${lng}`)}
                />
              </div>
              <MarkdownPreview markdown={draft.body[lng]} language={lng} />
            </div>
          </Card>
        ))}
      </div>

      <div className="sticky bottom-0 mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50 py-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {initial ? t('save') : t('articles.create')}
        </button>
        <Link to="/admin/articles" className="btn-outline">
          {t('articles.backToList')}
        </Link>
        {initial?.isPublished && (
          <a href={`/articles/${initial.slug}`} target="_blank" rel="noreferrer" className="underline">
            {t('articles.viewOnSite')}
          </a>
        )}
        <SavedNote show={save.isSuccess || (params.get('saved') === '1' && !touched)} />
      </div>
      <ErrorNote error={save.error && !Object.keys(serverIssues(save.error)).length ? save.error : null} />

      {initial && (
        <Card title={t('articles.deleteTitle')} className="mt-6">
          {confirmDelete ? (
            <div role="group" aria-label={t('articles.deleteTitle')} className="space-y-3">
              <p>{t('articles.deleteConfirm', { title: initial.title.en })}</p>
              <div className="flex gap-3">
                <button
                  type="button"
                  className="btn bg-red-700 text-white hover:bg-red-800"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(undefined, { onSuccess: () => navigate('/admin/articles') })}
                >
                  {t('articles.deleteYes')}
                </button>
                <button type="button" className="btn-outline" onClick={() => setConfirmDelete(false)}>
                  {t('cancel')}
                </button>
              </div>
              <ErrorNote error={remove.error} />
            </div>
          ) : (
            <button type="button" className="btn-outline" onClick={() => setConfirmDelete(true)}>
              {t('articles.delete')}
            </button>
          )}
        </Card>
      )}
    </form>
  );
}

/** Writing or editing one article: texts per language with a live preview, slug, cover, draft or published. */
export function ArticleEditPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  // The article's title in the staff member's language (an article has English at least).
  const { lng } = useFormats();
  const isNew = id === 'new';
  const article = useAdminQuery<AdminArticle>(`/articles/${id}`, undefined, { enabled: !isNew });
  const covers = useAdminQuery<string[]>('/articles/cover-images');
  const title = isNew
    ? t('articles.newTitle')
    : t('articles.editNamed', {
        title: (article.data && (article.data.title[lng] || article.data.title.en)) ?? '…',
      });
  return (
    <>
      <PageTitle title={title} />
      <ErrorNote error={article.error} />
      {!isNew && article.isPending && <Loading />}
      {(isNew || article.data) && (
        <ArticleForm key={article.data?.id ?? 'new'} initial={article.data} coverImages={covers.data ?? []} />
      )}
    </>
  );
}
