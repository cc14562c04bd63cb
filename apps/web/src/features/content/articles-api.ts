import type { ArticleResponse, ArticlesResponse } from '@siam/contract/content';
import { apiRequest } from '../../lib/api-client';

export const articlesQuery = (lang: string, page: number) => ({
  queryKey: ['articles', lang, page],
  queryFn: () =>
    apiRequest<ArticlesResponse>('/guest/articles', { query: { page, lng: lang } }).then((r) => r.response),
  staleTime: 5 * 60_000,
});

export const articleQuery = (lang: string, slug: string) => ({
  queryKey: ['article', lang, slug],
  queryFn: () =>
    apiRequest<ArticleResponse>(`/guest/articles/${encodeURIComponent(slug)}`, { query: { lng: lang } }).then(
      (r) => r.response.data,
    ),
  staleTime: 5 * 60_000,
  // A missing article is an answer, not a hiccup to retry.
  retry: false,
});

export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : lang === 'zh' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso));
}
