import type {
  DeleteAccountBody,
  EmailVerificationResponse,
  FacebookBody,
  FacebookResponse,
  GoogleResponse,
  LineSessionResponse,
  PasswordBody,
  ProfileBody,
} from '@siam/contract/account';
import type { LoginBody, LoginResponse, RegisterBody, User } from '@siam/contract/auth';
import { apiRequest } from '../../lib/api-client';

/**
 * The account calls. Sign-in calls send no token (`auth: false`), so a 401
 * there means wrong credentials and shows the server's message, never
 * "session expired".
 */
export const authApi = {
  login: (body: LoginBody) => apiRequest<LoginResponse>('/auth/login', { method: 'POST', body, auth: false }),
  register: (body: RegisterBody) =>
    apiRequest<{ success: boolean; message: string }>('/auth/register', {
      method: 'POST',
      body,
      auth: false,
    }),
  google: (credential: string) =>
    apiRequest<GoogleResponse>('/auth/google', { method: 'POST', body: { credential }, auth: false }).then(
      (r) => r.response.data,
    ),
  facebook: (body: FacebookBody) =>
    apiRequest<FacebookResponse>('/auth/facebook', { method: 'POST', body, auth: false }).then((r) => r.data),
  /** After LINE sent the browser back with ok: the session for the identity LINE vouched for (in a cookie). */
  lineSession: () =>
    apiRequest<LineSessionResponse>('/auth/line/session', { method: 'POST', auth: false }).then(
      (r) => r.response.data,
    ),
  /** Mails a new confirmation link (none when the address is confirmed already). */
  sendVerification: () =>
    apiRequest<EmailVerificationResponse>('/auth/email/verification', { method: 'POST' }).then(
      (r) => r.response.data,
    ),
  updateProfile: (body: Partial<ProfileBody> & Pick<ProfileBody, 'firstName' | 'lastName' | 'phone'>) =>
    apiRequest<{ response: { data: User } }>('/auth/profile', { method: 'PUT', body }).then(
      (r) => r.response.data,
    ),
  changePassword: (body: PasswordBody) => apiRequest('/auth/password', { method: 'PUT', body }),
  exportData: () => apiRequest<Record<string, unknown>>('/auth/export'),
  deleteAccount: (body: DeleteAccountBody) => apiRequest('/auth/account', { method: 'DELETE', body }),
};
