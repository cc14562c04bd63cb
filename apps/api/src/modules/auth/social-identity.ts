import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { madeUpEmailFor } from '@siam/contract/made-up-email';
import { AppError } from '../../lib/app-error';

/** Who a sign-in provider says the person is. */
export interface ProviderIdentity {
  provider: 'google' | 'facebook' | 'line';
  subject: string;
  /** Present only when the provider vouches for it (Google: email_verified; Facebook: confirmed emails only). */
  verifiedEmail?: string;
  firstName: string;
  lastName: string;
  picture?: string;
}

export const GOOGLE_FAILED_MESSAGE = 'Error during Google authentication';
export const FACEBOOK_FAILED_MESSAGE = 'Error during Facebook authentication';
export const LINE_FAILED_MESSAGE = 'Error during LINE authentication';
export const PROVIDER_NOT_CONFIGURED_MESSAGE = 'This sign-in method is not available';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Google ID tokens: RS256, signed by a key in Google's JWKS, for our client
 * id, from Google, unexpired. jose caches the key set and refetches it when
 * a token names an unknown key id (Google rotates keys).
 */
export class GoogleVerifier {
  private readonly jwks;
  constructor(
    private readonly clientId: string | undefined,
    jwksUrl: string,
  ) {
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  get configured() {
    return Boolean(this.clientId);
  }

  async verify(credential: string): Promise<ProviderIdentity> {
    if (!this.clientId) throw new AppError('NOT_FOUND', PROVIDER_NOT_CONFIGURED_MESSAGE);
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, this.jwks, {
        algorithms: ['RS256'],
        audience: this.clientId,
        issuer: GOOGLE_ISSUERS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch {
      throw new AppError('UNAUTHORIZED', GOOGLE_FAILED_MESSAGE);
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const email = str(payload.email)?.trim().toLowerCase();
    return {
      provider: 'google',
      subject: payload.sub!,
      // Google has sent email_verified both as a boolean and as the string "true".
      verifiedEmail:
        email && (payload.email_verified === true || payload.email_verified === 'true') ? email : undefined,
      firstName: str(payload.given_name) ?? str(payload.name) ?? '',
      lastName: str(payload.family_name) ?? '',
      picture: str(payload.picture),
    };
  }
}

interface DebugTokenAnswer {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number };
}
interface MeAnswer {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  picture?: { data?: { url?: string } };
}

/**
 * Facebook access tokens: Graph's debug_token (asked with our app token) must
 * say the token is valid and was issued to our app; the identity then comes
 * from Graph's /me for that token, never from what the browser posted.
 */
export class FacebookVerifier {
  constructor(
    private readonly appId: string | undefined,
    private readonly appSecret: string | undefined,
    private readonly graphUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get configured() {
    return Boolean(this.appId && this.appSecret);
  }

  private async graph<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${this.graphUrl.replace(/\/$/, '')}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(8000) });
    if (!res.ok) throw new Error(`Graph ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  async verify(accessToken: string): Promise<ProviderIdentity> {
    if (!this.configured) throw new AppError('NOT_FOUND', PROVIDER_NOT_CONFIGURED_MESSAGE);
    let debug: DebugTokenAnswer;
    let me: MeAnswer;
    try {
      debug = await this.graph<DebugTokenAnswer>('/debug_token', {
        input_token: accessToken,
        access_token: `${this.appId}|${this.appSecret}`,
      });
      const d = debug.data;
      const expired = d?.expires_at ? d.expires_at * 1000 <= Date.now() : false;
      if (!d?.is_valid || String(d.app_id) !== this.appId || !d.user_id || expired)
        throw new Error('invalid');
      me = await this.graph<MeAnswer>('/me', {
        fields: 'id,email,first_name,last_name,picture',
        access_token: accessToken,
      });
      if (!me.id || String(me.id) !== String(d.user_id)) throw new Error('identity mismatch');
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('UNAUTHORIZED', FACEBOOK_FAILED_MESSAGE);
    }
    const email = me.email?.trim().toLowerCase();
    return {
      provider: 'facebook',
      subject: String(me.id),
      verifiedEmail: email && email.includes('@') ? email : undefined,
      firstName: me.first_name ?? '',
      lastName: me.last_name ?? '',
      picture: me.picture?.data?.url,
    };
  }
}

/** What the sign-in with LINE remembers between sending the browser to LINE and its coming back. */
export interface LineLoginAttempt {
  state: string;
  nonce: string;
  /** PKCE (RFC 7636): only we know it; LINE gets its SHA-256 at the start and checks it with the code. */
  verifier: string;
}

/**
 * LINE Login v2.1 (OpenID Connect, authorization code flow with PKCE). The browser is sent to LINE
 * with a state, a nonce and the PKCE challenge, and with `bot_prompt=normal` (LINE offers to add our
 * official account as a friend); back at the callback the code is exchanged at LINE's token endpoint
 * for an ID token. The token is checked by the `alg` its header names, the two LINE documents
 * (developers.line.biz/en/docs/line-login/verify-id-token/#header): HS256 with our channel secret
 * (what web login sends) or ES256 with a key LINE publishes at /oauth2/v2.1/certs (what its SDKs and
 * LIFF send), and nothing else — from LINE, for our channel, unexpired, carrying our nonce. We send
 * only the parameters LINE's web-login token endpoint documents (`id_token_key_type` belongs to its
 * Android SDK, so it is not sent). Email is not asked (LINE grants that scope
 * only on application, and does not say the address was checked): LINE accounts are linked by `sub`.
 */
export class LineLogin {
  private readonly jwks;
  constructor(
    private readonly channelId: string | undefined,
    private readonly channelSecret: string | undefined,
    private readonly authUrl: string,
    private readonly apiUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.jwks = createRemoteJWKSet(new URL(`${this.api}/oauth2/v2.1/certs`), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
    });
  }

  private get api() {
    return this.apiUrl.replace(/\/$/, '');
  }

  get configured() {
    return Boolean(this.channelId && this.channelSecret);
  }

  /** A new attempt's secrets (kept signed in an httpOnly cookie until LINE sends the browser back). */
  newAttempt(): LineLoginAttempt {
    const random = () => randomBytes(32).toString('base64url');
    return { state: random(), nonce: random(), verifier: random() };
  }

  /** Where the browser goes to sign in with LINE (in the visitor's language). */
  authorizeUrl(attempt: LineLoginAttempt, redirectUri: string, language: 'th' | 'en' | 'zh'): string {
    if (!this.configured) throw new AppError('NOT_FOUND', PROVIDER_NOT_CONFIGURED_MESSAGE);
    const url = new URL(this.authUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.channelId!,
      redirect_uri: redirectUri,
      state: attempt.state,
      scope: 'openid profile',
      nonce: attempt.nonce,
      code_challenge: createHash('sha256').update(attempt.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      bot_prompt: 'normal',
      ui_locales: language === 'zh' ? 'zh-CN' : language,
    }).toString();
    return url.toString();
  }

  /**
   * The code LINE sent back → the person (ID token checked) and whether they are now our official
   * account's friend (LINE's friendship status, asked with their access token).
   */
  async signIn(
    code: string,
    attempt: LineLoginAttempt,
    redirectUri: string,
  ): Promise<{ identity: ProviderIdentity; friend: boolean }> {
    if (!this.configured) throw new AppError('NOT_FOUND', PROVIDER_NOT_CONFIGURED_MESSAGE);
    try {
      const res = await this.fetchImpl(`${this.api}/oauth2/v2.1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: this.channelId!,
          client_secret: this.channelSecret!,
          code_verifier: attempt.verifier,
        }),
        signal: AbortSignal.timeout(8000),
      });
      if (!res.ok) throw new Error(`LINE token endpoint answered ${res.status}`);
      const tokens = (await res.json()) as { id_token?: unknown; access_token?: unknown };
      if (typeof tokens.id_token !== 'string') throw new Error('no ID token');
      const identity = await this.verifyIdToken(tokens.id_token, attempt.nonce);
      const friend =
        typeof tokens.access_token === 'string' ? await this.friendship(tokens.access_token) : false;
      return { identity, friend };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('UNAUTHORIZED', LINE_FAILED_MESSAGE);
    }
  }

  private async verifyIdToken(idToken: string, nonce: string): Promise<ProviderIdentity> {
    const options = {
      audience: this.channelId!,
      issuer: 'https://access.line.me',
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    };
    const secret = new TextEncoder().encode(this.channelSecret!);
    // jose checks the header's alg is one of these before asking for the key, and uses the key only with it.
    const { payload } = await jwtVerify(
      idToken,
      (header, token) => (header.alg === 'HS256' ? secret : this.jwks(header, token)),
      { ...options, algorithms: ['HS256', 'ES256'] },
    );
    // The nonce ties the token to this browser's attempt: a token issued for another is refused.
    if (payload.nonce !== nonce) throw new Error('nonce mismatch');
    const name = typeof payload.name === 'string' ? payload.name.trim() : '';
    return {
      provider: 'line',
      subject: payload.sub!,
      // LINE gives one display name: it is the first name; the booking form asks the rest.
      firstName: name,
      lastName: '',
      picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
  }

  /** Whether the person has our official account as a friend (false when LINE cannot say). */
  private async friendship(accessToken: string): Promise<boolean> {
    try {
      const res = await this.fetchImpl(`${this.api}/friendship/v1/status`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) return false;
      return ((await res.json()) as { friendFlag?: unknown }).friendFlag === true;
    } catch {
      return false;
    }
  }
}

/** The spec (§3): with no email from Facebook, one is made up from the id. `.invalid` can never receive mail. */
export function madeUpEmail(identity: ProviderIdentity): string {
  return madeUpEmailFor(identity.provider, identity.subject);
}
