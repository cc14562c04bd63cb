import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MeResponse, User } from '@siam/contract/auth';
import { ApiError, apiRequest } from '../../lib/api-client';
import {
  SESSION_EXPIRED_EVENT,
  clearSession,
  getToken,
  setStoredUser,
  setToken,
} from '../../lib/token-storage';
import { useHydrated } from '../../lib/use-hydrated';

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /** The session ended by itself (a 401 on a call), not by signing out: /login says so. */
  expired: boolean;
  /** After any successful sign-in: keeps the token and the user. */
  signIn: (token: string, user: User) => void;
  /** Revokes the session on the server (best effort) and forgets it here. */
  signOut: () => Promise<void>;
  /** Replaces the user after a profile change. */
  setUser: (user: User) => void;
}

const SessionContext = createContext<SessionValue | null>(null);
const serverState = { status: 'checking' as SessionStatus, user: null };

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/**
 * The session rules of spec §4: with a stored token, the profile is fetched
 * on start. Success sets the user; a 401 or any other error answer signs out;
 * a timeout or network failure keeps the customer signed in (with the user
 * remembered from the last visit), because a bad connection is not a sign-out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [expired, setExpired] = useState(false);
  const [state, setState] = useState<{ status: SessionStatus; user: User | null }>(() =>
    getToken() ? { status: 'checking', user: readStoredUser() } : { status: 'signedOut', user: null },
  );

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    apiRequest<MeResponse>('/auth/me').then(
      (res) => {
        if (cancelled) return;
        setStoredUser(res.response.data);
        setState({ status: 'signedIn', user: res.response.data });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) {
          setState((s) => ({ status: 'signedIn', user: s.user }));
        } else {
          clearSession();
          setState({ status: 'signedOut', user: null });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const onExpired = () => {
      setExpired(true);
      setState({ status: 'signedOut', user: null });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);

  const signIn = useCallback((token: string, user: User) => {
    setToken(token);
    setStoredUser(user);
    setExpired(false);
    setState({ status: 'signedIn', user });
  }, []);

  const signOut = useCallback(async () => {
    if (getToken()) await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    clearSession();
    setExpired(false);
    setState({ status: 'signedOut', user: null });
  }, []);

  const setUser = useCallback((user: User) => {
    setStoredUser(user);
    setState((s) => ({ ...s, user }));
  }, []);

  // A page the server rendered shows the signed-out frame (the server cannot see
  // the stored token); the stored session takes over right after hydration.
  const hydrated = useHydrated();
  const shown = hydrated ? state : serverState;
  const value = useMemo(
    () => ({ status: shown.status, user: shown.user, expired, signIn, signOut, setUser }),
    [shown, expired, signIn, signOut, setUser],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
