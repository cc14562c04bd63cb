import type { App } from '../src/app';
import { demoStaffAccounts } from '../src/db/seed/demo-staff';

/**
 * Every route the app has, read from Fastify's own route tree (so routes
 * other modules add later are included): `[{method, url}]`, HEAD left out.
 */
export function registeredRoutes(app: App): { method: string; url: string }[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of lines) {
    const match = /^([│ ]*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** A concrete URL for a route pattern: every :param becomes 1. */
export const fillParams = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

export async function login(app: App, email: string, password: string): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

/** Bearer headers for the demo admin, the demo staff member and a fresh customer. */
export async function signInEveryone(app: App) {
  const [admin, staff] = demoStaffAccounts;
  const customer = {
    email: `customer-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'customer-pass-1',
    firstName: 'Malee',
    lastName: 'Suksan',
    phone: '0812345678',
  };
  const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: customer });
  if (reg.statusCode !== 200) throw new Error(`register: ${reg.body}`);
  return {
    admin: await login(app, admin.email, admin.password),
    staff: await login(app, staff.email, staff.password),
    customer: await login(app, customer.email, customer.password),
  };
}
