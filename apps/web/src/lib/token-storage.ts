/** The session token lives in localStorage under `token`, as the spec says. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export const SESSION_EXPIRED_EVENT = 'siam:session-expired';

export function getToken(): string | null {
  // The server's renders run as a visitor, where there is no storage (and a throw costs more than a check).
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked (private mode on some phones)
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

export function setStoredUser(user: unknown): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}
