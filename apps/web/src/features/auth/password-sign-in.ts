import type { ChallengeResponse, LoginAnswer, LoginResponse, User } from '@siam/contract/auth';
import { ApiError, apiRequest, messageFor } from '../../lib/api-client';

export type PasswordSignIn =
  { kind: 'signedIn'; token: string; user: User } | { kind: 'secondFactor'; ticket: string };

/** The first nonce for which SHA-256(token:nonce) starts with `difficulty` zero bits (a few thousand tries a batch). */
async function solveChallenge(token: string, difficulty: number): Promise<string> {
  const encoder = new TextEncoder();
  const fullBytes = Math.floor(difficulty / 8);
  const restBits = difficulty % 8;
  const solves = (digest: Uint8Array) => {
    for (let i = 0; i < fullBytes; i++) if (digest[i] !== 0) return false;
    return restBits === 0 || digest[fullBytes]! >> (8 - restBits) === 0;
  };
  for (let start = 0; ; start += 512) {
    const nonces = Array.from({ length: 512 }, (_, i) => String(start + i));
    const digests = await Promise.all(
      nonces.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${token}:${n}`))),
    );
    const found = digests.findIndex((d) => solves(new Uint8Array(d)));
    if (found >= 0) return nonces[found]!;
  }
}

/**
 * Email and password, as the sign-in pages send them. When the server asks
 * for a challenge (after failures by anyone on this account or this address),
 * the browser solves it by itself and tries once more: a person only sees the
 * button busy a moment longer. Staff with two-step sign-in get a ticket for
 * their code.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  onChallenge?: () => void,
): Promise<PasswordSignIn> {
  const send = async (challenge?: { token: string; nonce: string }): Promise<PasswordSignIn> => {
    const res = await apiRequest<LoginAnswer>('/auth/login', {
      method: 'POST',
      body: { email, password, ...(challenge && { challenge }) },
      auth: false,
    });
    if ('secondFactorTicket' in res) return { kind: 'secondFactor', ticket: res.secondFactorTicket };
    return signedIn(res);
  };
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'CHALLENGE_REQUIRED') throw error;
    onChallenge?.();
    const { token, difficulty } = (
      await apiRequest<ChallengeResponse>('/auth/login/challenge', {
        method: 'POST',
        body: { email },
        auth: false,
      })
    ).response.data;
    return send({ token, nonce: await solveChallenge(token, difficulty) });
  }
}

/** The second step: the ticket and the code from the authenticator app (or a recovery code). */
export async function completeSecondFactor(ticket: string, code: string) {
  const res = await apiRequest<LoginResponse>('/auth/login/second-factor', {
    method: 'POST',
    body: { ticket, code },
    auth: false,
  });
  return signedIn(res) as Extract<PasswordSignIn, { kind: 'signedIn' }>;
}

/** A success answer must carry a token and a user; anything else is a failure, never a stored "undefined". */
function signedIn(res: Partial<LoginResponse> | undefined): PasswordSignIn {
  if (!res || typeof res.token !== 'string' || !res.token || !res.user)
    throw new ApiError('http', messageFor('http', 500), 200);
  return { kind: 'signedIn', token: res.token, user: res.user };
}
