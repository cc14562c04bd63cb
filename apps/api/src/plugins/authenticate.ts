import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { UserViewRow } from '../modules/users/users.service';

type Role = 'customer' | 'staff' | 'admin';

/** Who a request's live session names: what auth's SessionsService answers and every guarded route reads. */
export interface Authenticated {
  user: UserViewRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer or staff member, when the bearer token names a live session. */
    auth: Authenticated | null;
  }
  interface FastifyInstance {
    /** onRequest guard: 401 unless signed in. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest guard factory: 401 unless signed in, 403 unless one of the roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user of a request that passed requireUser or requireRole. */
export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Session expired, sign in again');
  return request.auth.user;
}

/** Who did it, as the audit log records a signed-in person's action. */
export function actorOf(request: FastifyRequest) {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
}

/**
 * Reads `Authorization: Bearer <token>` on every request. A missing or bad
 * token leaves `request.auth` null; routes that need a user say so with a
 * guard in onRequest (before the body is parsed or validated), so public
 * routes never fail because of a stale token.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    if (!token || token.length > 2048) return;
    request.auth = await app.services.sessions.authenticate(token);
  });

  const guards = new WeakSet<object>();
  const guard = <T extends object>(fn: T): T => (guards.add(fn), fn);
  app.decorate(
    'requireUser',
    guard(async (request: FastifyRequest) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', 'Session expired, sign in again');
    }),
  );
  app.decorate('requireRole', (...roles: Role[]) =>
    guard(async (request: FastifyRequest) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', 'Session expired, sign in again');
      if (!roles.includes(request.auth.user.role))
        throw new AppError('FORBIDDEN', 'No permission to access this data');
    }),
  );
  // Who is asking is settled before what they sent is read: a guard in a later hook would
  // let an anonymous caller learn a route's fields from its 400s. Refuse such a route at start.
  app.addHook('onRoute', (route) => {
    for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
      const hooks = ([] as unknown[]).concat(route[stage] ?? []);
      if (hooks.some((hook) => typeof hook === 'function' && guards.has(hook)))
        throw new Error(
          `${route.method} ${route.url}: put requireUser/requireRole in onRequest, not ${stage}`,
        );
    }
  });
});
