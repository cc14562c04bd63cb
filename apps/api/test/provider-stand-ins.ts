import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * Local stand-ins for Google, Facebook and LINE, used by the API tests and the
 * browser journeys: a JWKS published from a freshly generated RS256 key pair
 * that signs real ID tokens, a Graph API answering debug_token and /me the way
 * Facebook does, the two browser scripts (Google Identity Services'
 * `google.accounts.id` and the Facebook SDK's `FB`) with the same JS shape the
 * site uses, and LINE's HTTP APIs: LINE Login's authorization page (it answers
 * at once as the person set here, with or without adding the official account
 * as a friend), token endpoint (PKCE checked; the ID token signed HS256 with the channel secret, as
 * LINE signs web login's, or ES256 with its own published key, as LINE signs its SDKs' and LIFF's:
 * developers.line.biz/en/docs/line-login/verify-id-token/#header), friendship status, the
 * Messaging API's push (retry keys honoured: a key accepted before gets 409),
 * and webhooks signed with the channel secret. Nothing of our own code is replaced: the app is pointed at these
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

export interface LineUser {
  sub: string;
  name: string;
  picture?: string;
}

export interface LinePush {
  to: string;
  messages: { type: string; text: string }[];
  retryKey: string;
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
  lineChannelId: string;
  /**
   * The person LINE's authorization page signs in as, whether they add the friend, or whether they cancel;
   * `idToken` how the token endpoint signs their ID token: 'HS256' (default, web login's), 'ES256'
   * (the SDKs' and LIFF's), or forged: HS256 with another secret, ES256 with a key LINE does not publish.
   */
  setLineBrowserUser(
    user: LineUser,
    options?: {
      addFriend?: boolean;
      cancel?: boolean;
      idToken?: 'HS256' | 'ES256' | 'HS256-other-secret' | 'ES256-unpublished-key';
    },
  ): void;
  /** Whether this LINE user has the official account as a friend (what friendship status answers). */
  lineFriends: Set<string>;
  /** Pushes LINE accepted, in order. */
  linePushes: LinePush[];
  /** The next pushes fail: 'busy' answers 500 and keeps nothing; 'lost' accepts the push but answers 500. */
  failLinePushes(count: number, mode: 'busy' | 'lost'): void;
  /** The X-Line-Signature LINE would send with this body. */
  signLineWebhook(body: string): string;
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

  // LINE
  const lineChannelId = '1650000001';
  const lineChannelSecret = 'stand-in-line-login-secret';
  const lineMessagingToken = 'stand-in-line-messaging-token';
  const lineMessagingSecret = 'stand-in-line-messaging-secret';
  const lineKeys = await generateKeyPair('ES256', { extractable: true });
  const lineKid = 'line-stand-in-key-1';
  const lineJwk = { ...(await exportJWK(lineKeys.publicKey)), kid: lineKid, alg: 'ES256', use: 'sig' };
  const lineUnpublished = await generateKeyPair('ES256');
  type LineIdTokenKind = 'HS256' | 'ES256' | 'HS256-other-secret' | 'ES256-unpublished-key';
  let lineBrowser: { user: LineUser; addFriend: boolean; cancel: boolean; idToken: LineIdTokenKind } = {
    user: { sub: 'U0000000000000000000000000000001', name: 'Somchai LINE' },
    addFriend: true,
    cancel: false,
    idToken: 'HS256',
  };
  const lineCodes = new Map<
    string,
    {
      user: LineUser;
      nonce: string;
      challenge: string;
      redirectUri: string;
      used: boolean;
      idToken: LineIdTokenKind;
    }
  >();
  const lineAccessTokens = new Map<string, string>();
  const lineFriends = new Set<string>();
  const linePushes: LinePush[] = [];
  const lineRetryKeys = new Map<string, string>();
  const pushFailures = { busy: 0, lost: 0 };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const lineError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description });

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
      const asked = new URL(req.url ?? '/', 'http://stand-in');
      // The Graph API answers under its version (graph.facebook.com/v26.0/me): the version is kept in
      // graphCalls for the tests, and the answers are the same for any.
      const url = new URL(asked.href.replace(/\/graph\/v\d+\.\d+\//, '/graph/'));
      if (url.pathname === '/google/certs') return json(res, 200, { keys: [jwk] });

      if (url.pathname.startsWith('/graph/')) {
        graphCalls.push(asked);
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

      if (url.pathname === '/line/authorize') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri') ?? '';
        if (
          q.get('response_type') !== 'code' ||
          q.get('client_id') !== lineChannelId ||
          !redirectUri ||
          !q.get('state') ||
          q.get('code_challenge_method') !== 'S256' ||
          !q.get('code_challenge') ||
          !(q.get('scope') ?? '').split(' ').includes('openid')
        )
          return lineError(res, 400, 'invalid_request', 'bad authorization request');
        const back = new URL(redirectUri);
        back.searchParams.set('state', q.get('state')!);
        if (lineBrowser.cancel) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user has denied the approval');
        } else {
          const code = randomUUID().replace(/-/g, '');
          lineCodes.set(code, {
            user: lineBrowser.user,
            nonce: q.get('nonce') ?? '',
            challenge: q.get('code_challenge')!,
            redirectUri,
            used: false,
            idToken: lineBrowser.idToken,
          });
          back.searchParams.set('code', code);
          if (q.get('bot_prompt')) {
            const was = lineFriends.has(lineBrowser.user.sub);
            if (lineBrowser.addFriend) lineFriends.add(lineBrowser.user.sub);
            back.searchParams.set('friendship_status_changed', String(lineBrowser.addFriend && !was));
          }
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/line/oauth2/v2.1/certs') return json(res, 200, { keys: [lineJwk] });
      if (url.pathname === '/line/oauth2/v2.1/token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        if (form.get('client_id') !== lineChannelId || form.get('client_secret') !== lineChannelSecret)
          return lineError(res, 400, 'invalid_client', 'bad client');
        const grant = lineCodes.get(form.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (
          form.get('grant_type') !== 'authorization_code' ||
          !grant ||
          grant.used ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.challenge !== challenge
        )
          return lineError(res, 400, 'invalid_grant', 'invalid authorization code');
        grant.used = true;
        const accessToken = `line-access-${randomUUID()}`;
        lineAccessTokens.set(accessToken, grant.user.sub);
        const claims = {
          iss: 'https://access.line.me',
          sub: grant.user.sub,
          aud: lineChannelId,
          nonce: grant.nonce,
          amr: ['pwd'],
          name: grant.user.name,
          ...(grant.user.picture && { picture: grant.user.picture }),
        };
        // The header as LINE documents it (verify-id-token/#header): `kid` only with ES256.
        const es256 = grant.idToken.startsWith('ES256');
        const key =
          grant.idToken === 'ES256'
            ? lineKeys.privateKey
            : grant.idToken === 'ES256-unpublished-key'
              ? lineUnpublished.privateKey
              : new TextEncoder().encode(
                  grant.idToken === 'HS256' ? lineChannelSecret : 'not-the-channel-secret',
                );
        const idToken = await new SignJWT(claims)
          .setProtectedHeader(
            es256 ? { alg: 'ES256', kid: lineKid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' },
          )
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(key);
        return json(res, 200, {
          access_token: accessToken,
          expires_in: 2592000,
          id_token: idToken,
          refresh_token: `line-refresh-${randomUUID()}`,
          scope: 'openid profile',
          token_type: 'Bearer',
        });
      }
      if (url.pathname === '/line/friendship/v1/status') {
        const sub = lineAccessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!sub) return json(res, 401, { message: 'invalid token' });
        return json(res, 200, { friendFlag: lineFriends.has(sub) });
      }
      if (url.pathname === '/line/v2/bot/message/push' && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${lineMessagingToken}`)
          return json(res, 401, {
            message: 'Authentication failed due to the following reason: invalid token.',
          });
        const retryKey = String(req.headers['x-line-retry-key'] ?? '');
        if (retryKey && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(retryKey))
          return json(res, 400, { message: 'The retry key must be a UUID' });
        const accepted = lineRetryKeys.get(retryKey);
        if (accepted) {
          res.writeHead(409, { 'content-type': 'application/json', 'x-line-accepted-request-id': accepted });
          return res.end(JSON.stringify({ message: 'The retry key is already accepted' }));
        }
        const body = JSON.parse(await readBody(req)) as { to?: string; messages?: LinePush['messages'] };
        if (!body.to || !body.messages?.length)
          return json(res, 400, { message: 'The request body has 1 error(s)' });
        if (pushFailures.busy > 0) {
          pushFailures.busy -= 1;
          return json(res, 500, { message: 'Internal server error' });
        }
        if (retryKey) lineRetryKeys.set(retryKey, randomUUID());
        linePushes.push({ to: body.to, messages: body.messages, retryKey });
        // Accepted, but the answer is lost on the way back: the sender cannot know it was sent.
        if (pushFailures.lost > 0) {
          pushFailures.lost -= 1;
          return json(res, 500, { message: 'Internal server error' });
        }
        return json(res, 200, {
          sentMessages: body.messages.map(() => ({ id: randomUUID(), quoteToken: 'q' })),
        });
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
      FACEBOOK_GRAPH_URL: `${url}/graph/v26.0`,
      FACEBOOK_SDK_URL: `${url}/fb/sdk.js`,
      LINE_LOGIN_CHANNEL_ID: lineChannelId,
      LINE_LOGIN_CHANNEL_SECRET: lineChannelSecret,
      LINE_AUTH_URL: `${url}/line/authorize`,
      LINE_API_URL: `${url}/line`,
      LINE_MESSAGING_ACCESS_TOKEN: lineMessagingToken,
      LINE_MESSAGING_CHANNEL_SECRET: lineMessagingSecret,
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
    lineChannelId,
    setLineBrowserUser: (user, opts = {}) => {
      lineBrowser = {
        user,
        addFriend: opts.addFriend ?? true,
        cancel: opts.cancel ?? false,
        idToken: opts.idToken ?? 'HS256',
      };
    },
    lineFriends,
    linePushes,
    failLinePushes: (count, mode) => {
      pushFailures[mode] = count;
    },
    signLineWebhook: (body) => createHmac('sha256', lineMessagingSecret).update(body).digest('base64'),
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
