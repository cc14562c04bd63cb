import type { Database } from './db/client';
import type { Settings } from './config/settings';
import { createMailer } from './lib/mailer';
import { AuthService } from './modules/auth/auth.service';
import { resolveSessionSecret } from './modules/auth/session-secret';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionsService } from './modules/auth/sessions.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { SiteSettingsRepository } from './modules/site-settings/site-settings.repository';
import { SiteSettingsService } from './modules/site-settings/site-settings.service';
import { ArticlesRepository } from './modules/articles/articles.repository';
import { ArticlesService } from './modules/articles/articles.service';
import { DealsRepository } from './modules/deals/deals.repository';
import { DealsService } from './modules/deals/deals.service';
import { FormsRepository } from './modules/forms/forms.repository';
import { FormsService } from './modules/forms/forms.service';
import { NewsletterRepository } from './modules/newsletter/newsletter.repository';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { ReviewsRepository } from './modules/reviews/reviews.repository';
import { ReviewsService } from './modules/reviews/reviews.service';
import { SeoRepository } from './modules/seo/seo.repository';
import { SeoService } from './modules/seo/seo.service';

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
  // Content and contact (issue 6). reviews.wire({eligibility, coupons}) connects bookings and promotions.
  const articles = new ArticlesService(new ArticlesRepository(db));
  const forms = new FormsService(new FormsRepository(db), mailer, siteSettings);
  const newsletter = new NewsletterService(new NewsletterRepository(db), mailer, settings.publicUrl);
  const deals = new DealsService(new DealsRepository(db));
  const reviews = new ReviewsService(new ReviewsRepository(db));
  const seo = new SeoService(new SeoRepository(db), articles, settings.publicUrl);
  return { mailer, siteSettings, sessions, users, auth, articles, forms, newsletter, deals, reviews, seo };
}

export type Services = ReturnType<typeof buildServices>;
