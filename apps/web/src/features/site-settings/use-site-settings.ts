import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import type { PublicSiteSettingsResponse } from '@siam/contract/site-settings';
import { apiRequest } from '../../lib/api-client';

export const siteSettingsQuery = (lang: string) => ({
  queryKey: ['site-settings', lang],
  queryFn: () => apiRequest<PublicSiteSettingsResponse>('/guest/site-settings').then((r) => r.response.data),
  staleTime: 60_000,
});

/** The rental switch and the contact details every page shows. */
export function useSiteSettings() {
  const { i18n } = useTranslation();
  return useQuery(siteSettingsQuery(i18n.resolvedLanguage ?? 'en'));
}
