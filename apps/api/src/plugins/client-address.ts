import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** What an operator must know about client addresses (shown on /health/ready), if anything. */
    clientAddressWarnings(): string[];
  }
}

/** A log line at most this often while the header keeps coming (one for the first request after start). */
const LOG_EVERY_MS = 60 * 60_000;

/** The TRUST_PROXY entries (addresses or CIDRs, checked by settings.ts) as one list to look peers up in. */
function trustedProxies(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * Every per-address limit counts `request.ip`, which is the connection's address unless the
 * connection is a proxy listed in TRUST_PROXY (app.ts). A proxy nobody listed (the default is
 * none) makes every visitor behind it one address: five strangers' wrong passwords then stand
 * for the owner's too, and the registration limit is shared by the whole site (issue 31). Nothing
 * tells that from the inside but the header itself: a request with X-Forwarded-For from a peer
 * TRUST_PROXY does not list is logged as a warning (the first after start, then hourly) and named
 * on /health/ready, which still answers 200 (the instance can serve; its limits count wrongly).
 */
export const clientAddressPlugin = fp(async (app: FastifyInstance) => {
  const trusted = trustedProxies(app.settings.TRUST_PROXY);
  let untrustedPeer: string | undefined;
  let loggedAt = 0;

  app.decorate('clientAddressWarnings', () =>
    untrustedPeer
      ? [
          `Requests carry X-Forwarded-For from ${untrustedPeer}, which TRUST_PROXY does not list: every visitor behind it counts as that one address in the sign-in and form limits. Add the proxy's address to TRUST_PROXY.`,
        ]
      : [],
  );

  app.addHook('onRequest', async (request) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    const raw = request.socket.remoteAddress ?? '';
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const peer = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
    const type = isIP(peer) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(peer) || trusted.check(peer, type)) return;
    untrustedPeer = peer;
    const now = Date.now();
    if (now - loggedAt < LOG_EVERY_MS) return;
    loggedAt = now;
    app.log.warn({ peer }, app.clientAddressWarnings()[0]);
  });
});
