import type { Database } from './db/client';
import type { Settings } from './config/settings';
import { createMailTransport } from './lib/mailer';
import { MailOutbox } from './modules/mail/mail-outbox';
import { PublicChanges } from './db/public-changes';
import { fileStorageFromSettings, storageFolder } from './lib/file-storage';
import { CAR_PICTURES_FOLDER } from './modules/fleet/car-images';
import { AccountService } from './modules/auth/account.service';
import { createCounterStore } from './lib/counters';
import { AccountRecoveryService } from './modules/auth/account-recovery.service';
import { AccountTokensRepository } from './modules/auth/account-tokens.repository';
import { AuthThrottle } from './modules/auth/auth-throttle';
import { SecondFactorRepository } from './modules/auth/second-factor.repository';
import { SecondFactorService } from './modules/auth/second-factor';
import { BookingsAdminRepository } from './modules/bookings/bookings-admin.repository';
import { BookingsAdminService } from './modules/bookings/bookings-admin.service';
import { UnpaidHoldsRepository } from './modules/bookings/unpaid-holds.repository';
import { UnpaidHoldsService } from './modules/bookings/unpaid-holds.service';
import { ContentAdminRepository } from './modules/content/content-admin.repository';
import { ContentAdminService } from './modules/content/content-admin.service';
import { FleetRepository } from './modules/fleet/fleet.repository';
import { PricingAdminRepository } from './modules/pricing/pricing-admin.repository';
import { PricingAdminService } from './modules/pricing/pricing-admin.service';
import { FleetAdminService } from './modules/fleet/fleet-admin.service';
import { UnitsAdminService } from './modules/fleet/units-admin.service';
import { SeatsRepository } from './modules/seats/seats.repository';
import { SeatsService } from './modules/seats/seats.service';
import { SettingsAdminService } from './modules/site-settings/site-settings-admin.service';
import { AuditRepository } from './modules/audit/audit.repository';
import { AuditService } from './modules/audit/audit.service';
import { LicencesRepository } from './modules/licences/licences.repository';
import { LicencesService } from './modules/licences/licences.service';
import { AuthService } from './modules/auth/auth.service';
import { CatalogRepository } from './modules/catalog/catalog.repository';
import { CatalogReferenceRepository } from './modules/catalog/catalog-reference.repository';
import { CatalogService } from './modules/catalog/catalog.service';
import { FacebookVerifier, GoogleVerifier, LineLogin } from './modules/auth/social-identity';
import { LineMessages } from './modules/line/line-messages';
import { LineMessagesRepository } from './modules/line/line-messages.repository';
import { resolveSessionSecret } from './modules/auth/session-secret';
import { receiptLink } from './lib/receipt-link';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionsService } from './modules/auth/sessions.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { SiteSettingsRepository } from './modules/site-settings/site-settings.repository';
import { SiteSettingsService } from './modules/site-settings/site-settings.service';
import { buildBookingsService } from './modules/bookings/bookings.wiring';
import { BookingsRepository } from './modules/bookings/bookings.repository';
import { buildPaymentsService, gatewayFromSettings } from './modules/payments/payments.wiring';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { MoneyTrail } from './modules/payments/money-trail';
import { MoneyTrailRepository } from './modules/payments/money-trail.repository';
import { RefundPayouts } from './modules/payments/refund-payouts';
import { RefundPayoutsRepository } from './modules/payments/refund-payouts.repository';
import { RentalsRepository } from './modules/rentals/rentals.repository';
import { RentalsService } from './modules/rentals/rentals.service';
import { PricingRepository } from './modules/pricing/pricing.repository';
import { PricingService } from './modules/pricing/pricing.service';
import { ConditionReportsService } from './modules/hand-over/condition-reports';
import { ConditionReportsRepository } from './modules/hand-over/condition-reports.repository';
import { ReportsRepository } from './modules/reports/reports.repository';
import { ReportsService } from './modules/reports/reports.service';
import { CompaniesRepository } from './modules/companies/companies.repository';
import { MonthlyInvoices } from './modules/documents/monthly-invoices';
import { CompaniesService } from './modules/companies/companies.service';
import { TaxInvoices } from './modules/documents/tax-invoices';
import { ISSUED_DOCUMENTS_FOLDER, IssuedDocuments } from './modules/documents/issued-documents';
import { DocumentsRepository } from './modules/documents/documents.repository';
import { DocumentsService } from './modules/documents/documents.service';
import type { PdfJob } from './modules/documents/pdf-documents';
import { documentsPdfWorker } from './modules/documents/pdf-worker-script';
import { PdfRenderer } from './lib/pdf/pdf-renderer';
import { ArticlesRepository } from './modules/articles/articles.repository';
import { ArticlesService } from './modules/articles/articles.service';
import { DealsRepository } from './modules/deals/deals.repository';
import { DealsService } from './modules/deals/deals.service';
import { DealsAdminService } from './modules/deals/deals-admin.service';
import { FormsRepository } from './modules/forms/forms.repository';
import { FormsService } from './modules/forms/forms.service';
import { NewsletterRepository } from './modules/newsletter/newsletter.repository';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { NewsletterAdminService } from './modules/newsletter/newsletter-admin.service';
import { InboxRepository } from './modules/inbox/inbox.repository';
import { InboxService } from './modules/inbox/inbox.service';
import { ReviewsRepository } from './modules/reviews/reviews.repository';
import { reviewCouponDescription } from './modules/reviews/reviews.ports';
import { ReviewsService } from './modules/reviews/reviews.service';
import { SeoRepository } from './modules/seo/seo.repository';
import { SeoService } from './modules/seo/seo.service';

/**
 * Where the modules' services are wired to their repositories, once per app.
 * Routes reach them as `app.services.<name>`; a service that needs another
 * module takes that module's service here, never its repository.
 */
export function buildServices(
  database: Database,
  settings: Settings,
  /** Tests pass a clock to put the bookings' "now" where they need it. */
  options: { clock?: { now(): Date } } = {},
) {
  const { db } = database;
  // Every mail goes into the outbox table and is sent by its job (decision 3105): through SMTP_URL,
  // or to DATA_DIR/outbox/*.eml without it. `mailer` is what the modules send with. Real time, never the
  // tests' bookings clock: a mail written at a moved clock is still due now.
  const mailer = new MailOutbox(
    database,
    createMailTransport({ smtpUrl: settings.SMTP_URL, dataDir: settings.dataDir, from: settings.MAIL_FROM }),
    { from: settings.MAIL_FROM },
  );
  const siteSettingsRepository = new SiteSettingsRepository(db);
  const siteSettings = new SiteSettingsService(siteSettingsRepository);
  const publicChanges = new PublicChanges(database);
  // Uploaded files: DATA_DIR/uploads, or the S3 bucket every instance shares (S3_BUCKET).
  const files = fileStorageFromSettings(settings);
  const secret = resolveSessionSecret(settings.SESSION_SECRET, settings.dataDir);
  const sessions = new SessionsService(new SessionsRepository(db), secret);
  // Every limit of every instance counts here (Redis when set, with a per-instance fallback).
  const counters = createCounterStore(settings.REDIS_URL);
  const users = new UsersService(new UsersRepository(db));
  const catalog = new CatalogService(new CatalogRepository(db), new CatalogReferenceRepository(db));
  const authThrottle = new AuthThrottle(
    counters,
    {
      maxFailures: settings.AUTH_MAX_FAILURES,
      maxRegistrations: settings.AUTH_MAX_REGISTRATIONS,
      windowMinutes: settings.AUTH_WINDOW_MINUTES,
    },
    secret,
  );
  const secondFactor = new SecondFactorService(new SecondFactorRepository(db), secret);
  const accountRecovery = new AccountRecoveryService(
    new AccountTokensRepository(db),
    users,
    sessions,
    mailer,
    counters,
    settings.publicUrl,
  );
  const auth = new AuthService(
    users,
    sessions,
    authThrottle,
    new GoogleVerifier(settings.GOOGLE_CLIENT_ID, settings.GOOGLE_JWKS_URL),
    new FacebookVerifier(settings.FACEBOOK_APP_ID, settings.FACEBOOK_APP_SECRET, settings.FACEBOOK_GRAPH_URL),
    new LineLogin(
      settings.LINE_LOGIN_CHANNEL_ID,
      settings.LINE_LOGIN_CHANNEL_SECRET,
      settings.LINE_AUTH_URL,
      settings.LINE_API_URL,
    ),
    secondFactor,
    secret,
    accountRecovery,
  );
  // Other modules with personal data register here: account.registerContributor(…) (see account.service.ts).
  const account = new AccountService(users, sessions, authThrottle, accountRecovery);
  account.registerContributor({
    name: 'mailedLinks',
    export: (userId) => accountRecovery.exportFor(userId),
    erase: (userId) => accountRecovery.erase(userId),
  });
  // The mails about an account or to its address: a record for the export; erasure drops them, unsent ones too.
  account.registerContributor({
    name: 'mails',
    export: async (userId) => {
      const user = await users.findById(userId);
      return user ? mailer.exportFor(userId, user.email) : [];
    },
    erase: async (userId) => {
      const user = await users.findById(userId);
      if (user) await mailer.erase(userId, user.email);
    },
  });
  account.registerContributor({
    name: 'secondFactor',
    export: (userId) => secondFactor.status(userId),
    erase: (userId) => secondFactor.erase(userId),
  });
  const audit = new AuditService(new AuditRepository(db));
  // What a licence from each country needs beside it: the contract's defaults, staff's changes (decision 3601).
  const licences = new LicencesService(new LicencesRepository(db), audit);
  const fleetRepository = new FleetRepository(db);
  const fleet = new FleetAdminService(fleetRepository, audit, storageFolder(files, CAR_PICTURES_FOLDER));
  const fleetUnits = new UnitsAdminService(fleetRepository, audit);
  const settingsAdmin = new SettingsAdminService(siteSettingsRepository, siteSettings, audit);
  // PDFs are written on worker threads; issued tax documents once, then kept in the file store (decision 3103).
  const pdfs = new PdfRenderer<PdfJob>({
    workers: settings.PDF_WORKERS,
    queueMax: settings.PDF_QUEUE_MAX,
    script: documentsPdfWorker,
  });
  const issuedDocuments = new IssuedDocuments(storageFolder(files, ISSUED_DOCUMENTS_FOLDER), pdfs);
  // One BookingsRepository for the app (the record, its payments and documents while they are split out).
  const bookingsRepository = new BookingsRepository(db);
  // Prices sit below bookings (decision 3301): a first-booking code asks how many real bookings the
  // customer has made through this port, not through bookings' service.
  // Child seats per branch (decision 3620): a quote asks how many are free; the database guards the rest.
  const seats = new SeatsService(new SeatsRepository(db), audit);
  const pricing = new PricingService(new PricingRepository(db), {
    now: () => options.clock?.now() ?? new Date(),
    realBookings: (ex, userId) => bookingsRepository.countRealBookings(ex, userId),
    seatsLeft: (ex, branchCode, from, to) => seats.left(ex, branchCode, from, to),
    licenceRules: (ex) => licences.changes(ex),
  });
  // The card gateway (Omise, or the sandbox): payments charge through it; bookings' mails say which
  // ways it takes online now (a port, since bookings sits below payments).
  const gateway = gatewayFromSettings(settings);
  const bookings = buildBookingsService(bookingsRepository, settings, {
    pricing,
    users,
    units: fleetUnits,
    onlineSources: () => gateway.sources(),
    mailer,
    files,
    receiptUrl: (bookingId) => receiptLink(settings.publicUrl, bookingId, secret),
    clock: options.clock,
  });
  // Payments sit above the record (decision 3301): they move a booking through its status table.
  const payments = buildPaymentsService(new PaymentsRepository(db), bookings, settings, {
    siteSettings,
    gateway,
    files,
    audit,
  });
  // Checkout, pay again, changes and cancellation: the use cases above bookings and payments.
  const rentals = new RentalsService(new RentalsRepository(db), bookings, payments, {
    siteSettings,
    pricing,
    audit,
    maxUnpaidPerAddress: settings.UNPAID_MAX_PER_ADDRESS,
  });
  // A booking's tax invoice, notes and receipt (documents/); a change of its total may call for a note.
  const documentsRepository = new DocumentsRepository(db);
  const taxInvoices = new TaxInvoices(documentsRepository, bookings, siteSettings);
  const documents = new DocumentsService(taxInvoices, bookings, { documents: issuedDocuments });
  bookings.onTotalChanged((bookingId, reason) => documents.correctTaxInvoice(bookingId, reason));
  // The listing's prices on chosen dates come from the bookings' own price function (decision 3531).
  catalog.priceRentalsWith((ids, times, oneWay) => pricing.rentalPrices(ids, times, oneWay));
  // Booking messages through LINE for customers who signed in with it and are our friends (decision 1806).
  const lineMessages = new LineMessages(new LineMessagesRepository(db), {
    accessToken: settings.LINE_MESSAGING_ACCESS_TOKEN,
    apiUrl: settings.LINE_API_URL,
    publicUrl: settings.publicUrl,
    booking: (bookingId, lang) => bookings.getById(bookingId, lang),
    licenceRules: () => licences.changes(),
    clock: options.clock,
  });
  bookings.onCustomerMessage((event) => lineMessages.bookingEvent(event));
  // LINE taken off an account drops what still waits to be sent to it, in the same transaction (users/ sits below line/).
  users.onLineDisconnect((tx, userId) => lineMessages.dropUnsent(tx, userId));
  account.registerContributor({
    name: 'lineMessages',
    export: (userId) => lineMessages.exportFor(userId),
    erase: (userId) => lineMessages.erase(userId),
  });
  const pricingAdmin = new PricingAdminService(new PricingAdminRepository(db), audit);
  // Company accounts and their monthly tax invoices (decision 1807).
  const companies = new CompaniesService(new CompaniesRepository(db), {
    audit,
    taxInvoices,
    monthlyInvoices: new MonthlyInvoices(documentsRepository),
    documents: issuedDocuments,
    clock: options.clock,
  });
  account.registerContributor({
    name: 'company',
    export: (userId) => companies.exportFor(userId),
    erase: (userId) => companies.erase(userId),
  });
  const reports = new ReportsService(new ReportsRepository(db), options.clock);
  // The money trail staff see (payments' tables): a booking's payments on its staff page, the loose ends.
  const moneyTrail = new MoneyTrail(new MoneyTrailRepository(db), {
    audit,
    refundUnmatchedCharge: (reference) => payments.refundUnmatchedCharge(reference),
  });
  // Refunds staff send by hand to the customer's PromptPay ID (decision 3650).
  const refundPayouts = new RefundPayouts(new RefundPayoutsRepository(db), bookings, audit);
  // The back office's bookings screens stay with the record; what they ask of the modules above it
  // (a staff booking, a cancellation, a payment, a slip, a deposit, its money) comes through this port.
  const bookingsAdmin = new BookingsAdminService(new BookingsAdminRepository(db), bookings, audit, users, {
    create: (...a) => rentals.create(...a),
    cancel: (...a) => rentals.cancel(...a),
    confirmPayment: (...a) => payments.confirmPayment(...a),
    rejectSlip: (...a) => payments.rejectSlip(...a),
    changeDeposit: (...a) => payments.changeDeposit(...a),
    // Asked at a request, after the hand-over below is built.
    pickupInspected: (bookingId) => conditionReports.hasReport(bookingId, 'pickup'),
    moneyTrail: (bookingId) => moneyTrail.ofBooking(bookingId),
  });
  // The hand-over's condition reports, charges and signed agreements (decision 1804): private files.
  const conditionReports = new ConditionReportsService(new ConditionReportsRepository(db), bookings, {
    deposits: payments,
    photos: storageFolder(files, 'carphotos'),
    agreements: storageFolder(files, 'agreements'),
    pdfs,
    audit,
    pricing,
    units: fleetUnits,
    clock: options.clock,
  });
  const unpaidHolds = new UnpaidHoldsService(new UnpaidHoldsRepository(db), bookingsAdmin);
  // PDPA: a customer's bookings are part of their data export, and are anonymised
  // (keeping number, dates, car and amounts, as accounting law requires) when they erase their account.
  account.registerContributor({
    name: 'bookings',
    export: (userId) => bookings.listForUser(userId, 'en'),
    erase: async (userId) => {
      await bookings.anonymiseForUser(userId);
    },
  });
  // Each owner erases its own rows (decision 3304): payments the slips (shown in the bookings' section),
  // rentals the stored answers of the customer's booking requests.
  account.registerContributor({ name: 'paymentSlips', erase: (userId) => payments.eraseFor(userId) });
  account.registerContributor({ name: 'bookingRequests', erase: (userId) => rentals.eraseFor(userId) });
  // Content and contact (issue 6). reviews.wire({eligibility, coupons}) connects bookings and promotions.
  const articles = new ArticlesService(new ArticlesRepository(db));
  const forms = new FormsService(new FormsRepository(db), mailer, siteSettings, counters);
  const newsletter = new NewsletterService(
    new NewsletterRepository(db),
    mailer,
    settings.publicUrl,
    counters,
  );
  // The back office's inbox and newsletter screens (issue 7).
  const inbox = new InboxService(new InboxRepository(db), audit, mailer, siteSettings);
  const newsletterAdmin = new NewsletterAdminService(db, new NewsletterRepository(db), audit);
  const dealsRepository = new DealsRepository(db);
  const deals = new DealsService(dealsRepository);
  const dealsAdmin = new DealsAdminService(dealsRepository, audit);
  const reviews = new ReviewsService(new ReviewsRepository(db), audit);
  const seo = new SeoService(new SeoRepository(db), articles, settings.publicUrl);
  const contentAdmin = new ContentAdminService(new ContentAdminRepository(db), audit);
  // Every staff change (an /api/v1/admin write, app.ts) makes every instance forget what it kept.
  publicChanges.onChange(() => {
    catalog.invalidate();
    siteSettings.forget();
    licences.forget();
    articles.forget();
    seo.forget();
  });
  account.registerContributor(reviews.accountData());
  // What the customer sent through the contact and quote forms and the newsletter, found by their
  // account's email (those forms need no sign-in), is theirs to download and to have erased.
  const formsData = new FormsRepository(db);
  account.registerContributor({
    name: 'contact',
    export: async (userId) => {
      const user = await users.findById(userId);
      return user ? formsData.byEmail(user.email) : null;
    },
    erase: async (userId) => {
      const user = await users.findById(userId);
      if (user) await formsData.deleteByEmail(user.email);
    },
  });
  // A review needs the customer's own active or completed booking, and earns a personal 10% code for 6 months.
  reviews.wire({
    eligibility: { check: (userId, bookingId) => bookings.reviewEligibility(userId, bookingId) },
    coupons: {
      issue: async (userId) => ({
        code: await bookings.issuePersonalCoupon(userId, 10, 183),
        description: reviewCouponDescription,
      }),
    },
  });
  return {
    publicChanges,
    files,
    pdfs,
    counters,
    secret,
    mailer,
    siteSettings,
    sessions,
    users,
    auth,
    authThrottle,
    secondFactor,
    accountRecovery,
    account,
    audit,
    licences,
    fleet,
    fleetUnits,
    seats,
    settingsAdmin,
    pricing,
    bookings,
    payments,
    moneyTrail,
    refundPayouts,
    rentals,
    documents,
    bookingsAdmin,
    conditionReports,
    lineMessages,
    reports,
    companies,
    unpaidHolds,
    pricingAdmin,
    contentAdmin,
    articles,
    forms,
    newsletter,
    newsletterAdmin,
    inbox,
    deals,
    dealsAdmin,
    reviews,
    seo,
    catalog,
  };
}

export type Services = ReturnType<typeof buildServices>;
