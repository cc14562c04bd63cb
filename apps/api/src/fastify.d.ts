import type { Settings } from './config/settings';
import type { Database } from './db/client';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    settings: Settings;
    services: Services;
  }
}
