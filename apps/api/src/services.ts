import type { Database } from './db/client';
import type { Settings } from './config/settings';
import { createMailer } from './lib/mailer';
import { AuthService } from './modules/auth/auth.service';
import { CatalogRepository } from './modules/catalog/catalog.repository';
import { CatalogService } from './modules/catalog/catalog.service';
import { resolveSessionSecret } from './modules/auth/session-secret';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionsService } from './modules/auth/sessions.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { SiteSettingsRepository } from './modules/site-settings/site-settings.repository';
import { SiteSettingsService } from './modules/site-settings/site-settings.service';

/**
 * Where the modules' services are wired to their repositories, once per app.
 * Routes reach them as `app.services.<name>`; a service that needs another
 * module takes that module's service here, never its repository.
 */
export function buildServices(database: Database, settings: Settings) {
  const { db } = database;
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, dataDir: settings.dataDir });
  const siteSettings = new SiteSettingsService(new SiteSettingsRepository(db));
  const sessions = new SessionsService(
    new SessionsRepository(db),
    resolveSessionSecret(settings.SESSION_SECRET, settings.dataDir),
  );
  const users = new UsersService(new UsersRepository(db));
  const auth = new AuthService(users, sessions);
  const catalog = new CatalogService(new CatalogRepository(db));
  return { mailer, siteSettings, sessions, users, auth, catalog };
}

export type Services = ReturnType<typeof buildServices>;
