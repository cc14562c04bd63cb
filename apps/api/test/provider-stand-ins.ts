import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * Local stand-ins for Google and Facebook, used by the API tests and the
 * browser journeys: a JWKS published from a freshly generated RS256 key pair
 * that signs real ID tokens, a Graph API answering debug_token and /me the way
 * Facebook does, and the two browser scripts (Google Identity Services'
 * `google.accounts.id` and the Facebook SDK's `FB`) with the same JS shape the
 * site uses. Nothing of our own code is replaced: the app is pointed at these
 * with its ordinary settings.
 */
export interface FacebookUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  picture?: { data: { url: string } };
}

interface FacebookToken {
  appId: string;
  userId: string;
  valid: boolean;
  expiresAt: number;
}

export interface ProviderStandIns {
  url: string;
  settings: Record<string, string>;
  googleClientId: string;
  facebookAppId: string;
  /** An ID token signed with the published key (or another key / algorithm when asked). */
  signGoogleToken(
    claims: JWTPayload & Record<string, unknown>,
    options?: { foreignKey?: boolean; alg?: 'RS256' | 'HS256'; expiresIn?: string | number },
  ): Promise<string>;
  /** Registers a Facebook user and an access token for them; returns the token. */
  facebookUser(user: FacebookUser, options?: { appId?: string; valid?: boolean; expiresAt?: number }): string;
  /** The person the stand-in browser scripts sign in as. */
  setBrowserGoogleUser(claims: Record<string, unknown>): void;
  setBrowserFacebookUser(user: FacebookUser): void;
  /** Graph calls received (to check what the server asked). */
  graphCalls: URL[];
  close(): Promise<void>;
}

export async function startProviderStandIns(
  options: {
    port?: number;
    googleClientId?: string;
    facebookAppId?: string;
    facebookAppSecret?: string;
  } = {},
): Promise<ProviderStandIns> {
  const googleClientId = options.googleClientId ?? 'test-client.apps.googleusercontent.com';
  const facebookAppId = options.facebookAppId ?? '1234567890';
  const facebookAppSecret = options.facebookAppSecret ?? 'stand-in-app-secret';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const kid = 'stand-in-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const fbTokens = new Map<string, FacebookToken>();
  const fbUsers = new Map<string, FacebookUser>();
  const graphCalls: URL[] = [];
  let browserGoogle: Record<string, unknown> = {
    sub: '100000000000000000001',
    email: 'google.user@example.com',
    email_verified: true,
    given_name: 'Google',
    family_name: 'User',
  };
  let browserFacebook: FacebookUser = {
    id: '200000000000001',
    email: 'facebook.user@example.com',
    first_name: 'Facebook',
    last_name: 'User',
  };
  let tokenCounter = 0;

  const signGoogleToken: ProviderStandIns['signGoogleToken'] = async (claims, opts = {}) => {
    const alg = opts.alg ?? 'RS256';
    const key =
      alg === 'HS256'
        ? new TextEncoder().encode('x'.repeat(32))
        : opts.foreignKey
          ? foreign.privateKey
          : privateKey;
    return new SignJWT({ iss: 'https://accounts.google.com', aud: googleClientId, ...claims })
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '1h')
      .sign(key);
  };

  const facebookUser: ProviderStandIns['facebookUser'] = (user, opts = {}) => {
    tokenCounter += 1;
    const token = `EAAstandin${tokenCounter}${Math.random().toString(36).slice(2)}`;
    fbUsers.set(user.id, user);
    fbTokens.set(token, {
      appId: opts.appId ?? facebookAppId,
      userId: user.id,
      valid: opts.valid ?? true,
      expiresAt: opts.expiresAt ?? Math.floor(Date.now() / 1000) + 3600,
    });
    return token;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const graphError = { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname === '/google/certs') return json(res, 200, { keys: [jwk] });

      if (url.pathname.startsWith('/graph/')) {
        graphCalls.push(url);
        const access = url.searchParams.get('access_token') ?? '';
        if (url.pathname === '/graph/debug_token') {
          if (access !== `${facebookAppId}|${facebookAppSecret}`) return json(res, 400, graphError);
          const t = fbTokens.get(url.searchParams.get('input_token') ?? '');
          if (!t)
            return json(res, 200, {
              data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token' } },
            });
          return json(res, 200, {
            data: {
              app_id: t.appId,
              type: 'USER',
              application: 'Siam Drive',
              expires_at: t.expiresAt,
              is_valid: t.valid && t.expiresAt * 1000 > Date.now(),
              scopes: ['email', 'public_profile'],
              user_id: t.userId,
            },
          });
        }
        if (url.pathname === '/graph/me') {
          const t = fbTokens.get(access);
          if (!t || !t.valid) return json(res, 400, graphError);
          const user = fbUsers.get(t.userId)!;
          const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
          return json(
            res,
            200,
            Object.fromEntries(Object.entries(user).filter(([k]) => k === 'id' || fields.includes(k))),
          );
        }
        return json(res, 404, graphError);
      }

      if (url.pathname === '/gsi/client') {
        const credential = await signGoogleToken(browserGoogle);
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end(googleScript(credential));
      }
      if (url.pathname === '/fb/sdk.js') {
        const token = facebookUser(browserFacebook);
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end(facebookScript(token, browserFacebook));
      }
      json(res, 404, { error: 'not found' });
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    googleClientId,
    facebookAppId,
    settings: {
      GOOGLE_CLIENT_ID: googleClientId,
      GOOGLE_JWKS_URL: `${url}/google/certs`,
      GOOGLE_SCRIPT_URL: `${url}/gsi/client`,
      FACEBOOK_APP_ID: facebookAppId,
      FACEBOOK_APP_SECRET: facebookAppSecret,
      FACEBOOK_GRAPH_URL: `${url}/graph`,
      FACEBOOK_SDK_URL: `${url}/fb/sdk.js`,
    },
    signGoogleToken,
    facebookUser,
    setBrowserGoogleUser: (claims) => {
      browserGoogle = claims;
    },
    setBrowserFacebookUser: (user) => {
      browserFacebook = user;
    },
    graphCalls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Google Identity Services' `google.accounts.id`, as far as the site uses it. */
function googleScript(credential: string): string {
  return `(function () {
  var config = null;
  window.google = { accounts: { id: {
    initialize: function (c) { config = c; },
    prompt: function () {},
    disableAutoSelect: function () {},
    renderButton: function (parent, options) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = 'Sign in with Google';
      b.addEventListener('click', function () {
        if (config && config.callback) config.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' });
      });
      parent.appendChild(b);
    }
  } } };
})();`;
}

/** The Facebook SDK's `FB`, as far as the site uses it; calls window.fbAsyncInit like the real one. */
function facebookScript(token: string, user: FacebookUser): string {
  return `(function () {
  window.FB = {
    init: function () {},
    getLoginStatus: function (cb) { cb({ status: 'unknown' }); },
    login: function (cb) {
      setTimeout(function () {
        cb({ status: 'connected', authResponse: { accessToken: ${JSON.stringify(token)}, userID: ${JSON.stringify(user.id)} } });
      }, 10);
    },
    api: function (path, params, cb) {
      var done = typeof params === 'function' ? params : cb;
      setTimeout(function () { done(${JSON.stringify(user)}); }, 10);
    }
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();`;
}
