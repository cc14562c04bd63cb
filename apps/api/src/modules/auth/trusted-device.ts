import { randomBytes } from 'node:crypto';
import { signToken, verifyToken } from '../../lib/signed-token';

/**
 * A device an account signed in from before: a signed cookie set at each
 * successful sign-in, naming the account and a random device id. Sign-ins from
 * such a device skip the challenges strangers' failures bring on (auth-throttle.ts);
 * its device id also counts unpaid bookings per browser. It proves nothing else
 * and grants nothing else. HttpOnly, sent to the API only, kept a year.
 */
export const TRUSTED_DEVICE_COOKIE = 'siam_device';
const PURPOSE = 'trusted-device';
const LIFETIME_MS = 365 * 86_400_000;
// The API as a whole: sign-in reads it to skip challenges, bookings to count unpaid holds per browser.
const COOKIE_PATH = '/api/v1';

interface DeviceClaims {
  exp: number;
  /** The account, by id and creation time (ids repeat across databases that share a secret). */
  user: string;
  device: string;
}

const accountKey = (user: { id: number; createdAt: Date }) => `${user.id}.${user.createdAt.getTime()}`;

const COOKIE = new RegExp(`(?:^|;\\s*)${TRUSTED_DEVICE_COOKIE}=([A-Za-z0-9_.-]{1,1000})`);

/** The device id when the request's cookies carry this account's trusted-device cookie. */
export function trustedDeviceOf(
  cookieHeader: string | undefined,
  user: { id: number; createdAt: Date } | undefined,
  secret: string,
): string | undefined {
  if (!user) return undefined;
  const raw = COOKIE.exec(cookieHeader ?? '')?.[1];
  const claims = verifyToken<DeviceClaims>(PURPOSE, raw, secret);
  return claims && claims.user === accountKey(user) ? claims.device : undefined;
}

/** The device id of a valid trusted-device cookie, whichever account it names. */
export function deviceIdOf(cookieHeader: string | undefined, secret: string): string | undefined {
  return verifyToken<DeviceClaims>(PURPOSE, COOKIE.exec(cookieHeader ?? '')?.[1], secret)?.device;
}

/** The Set-Cookie value that marks this browser as one the account signs in from (keeping its device id). */
export function trustedDeviceCookie(
  user: { id: number; createdAt: Date },
  secret: string,
  options: { secure: boolean; deviceId?: string },
): string {
  const token = signToken<DeviceClaims>(
    PURPOSE,
    {
      exp: Date.now() + LIFETIME_MS,
      user: accountKey(user),
      device: options.deviceId ?? randomBytes(12).toString('base64url'),
    },
    secret,
  );
  const attributes = [
    `${TRUSTED_DEVICE_COOKIE}=${token}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${LIFETIME_MS / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  return attributes.join('; ');
}
