import { useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '@siam/contract/account';
import { apiRequest } from '../../lib/api-client';

/** Which sign-in providers are configured (their public ids). */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: () => apiRequest<AuthConfigResponse>('/guest/auth-config').then((r) => r.response.data),
    staleTime: 5 * 60_000,
  });
}
