import { useEffect } from 'react';
import { useTranslation } from './use-translation';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the page title and description a shared link or search engine shows. */
export function usePageMeta(title: string | undefined, description?: string) {
  const { t } = useTranslation('common');
  const siteName = t('meta.siteName');
  const fullTitle = title ? `${title} | ${siteName}` : t('meta.defaultTitle');
  const desc = description ?? t('meta.defaultDescription');
  useEffect(() => {
    document.title = fullTitle;
    setMeta('meta[name="description"]', 'name', 'description', desc);
    setMeta('meta[property="og:title"]', 'property', 'og:title', fullTitle);
    setMeta('meta[property="og:description"]', 'property', 'og:description', desc);
  }, [fullTitle, desc]);
}
