import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error';

/** Who a sign-in provider says the person is. */
export interface ProviderIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  /** Present only when the provider vouches for it (Google: email_verified; Facebook: confirmed emails only). */
  verifiedEmail?: string;
  firstName: string;
  lastName: string;
  picture?: string;
}

export const GOOGLE_FAILED_MESSAGE = 'Error during Google authentication';
export const FACEBOOK_FAILED_MESSAGE = 'Error during Facebook authentication';
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

/** The spec (§3): with no email from Facebook, one is made up from the id. `.invalid` can never receive mail. */
export function madeUpEmail(identity: ProviderIdentity): string {
  return `${identity.provider}-${identity.subject.replace(/[^A-Za-z0-9_-]/g, '')}@users.siamdrive.invalid`;
}
