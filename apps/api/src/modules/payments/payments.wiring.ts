import { storageFolder, type FileStorage } from '../../lib/file-storage';
import type { Settings } from '../../config/settings';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { AuditService } from '../audit/audit.service';
import { OmiseGateway, SandboxGateway, type PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { EasySlipVerifier, type SlipVerifier } from './slip-verifier';

/** The card gateway the settings ask for: Omise when both keys are set, the sandbox otherwise. */
export function gatewayFromSettings(settings: Settings): PaymentGateway {
  if (settings.OMISE_PUBLIC_KEY && settings.OMISE_SECRET_KEY)
    return new OmiseGateway({
      publicKey: settings.OMISE_PUBLIC_KEY,
      secretKey: settings.OMISE_SECRET_KEY,
      apiUrl: settings.OMISE_API_URL.replace(/\/$/, ''),
      scriptUrl: settings.OMISE_JS_URL,
      timeoutMs: settings.OMISE_TIMEOUT_MS,
      partialCapture: settings.OMISE_PARTIAL_CAPTURE,
    });
  return new SandboxGateway();
}

/**
 * The Content-Security-Policy additions card payments need, only with Omise's keys set: Omise.js's
 * origin (its script) and the vault's (Omise.js talks to it from a frame of its own, and may call it).
 * None with the sandbox.
 */
export function paymentCspSources(settings: Settings) {
  if (gatewayFromSettings(settings).vault.vault !== 'omise')
    return { script: [] as string[], connect: [] as string[], frame: [] as string[] };
  const script = new URL(settings.OMISE_JS_URL).origin;
  const vault = new URL(settings.OMISE_VAULT_URL).origin;
  return { script: [script], connect: [vault], frame: [vault] };
}

/** The slip-verification provider the settings name; none without a key (every slip waits for staff). */
export function slipVerifierFromSettings(settings: Settings): SlipVerifier | null {
  if (!settings.SLIP_VERIFY_TOKEN) return null;
  return new EasySlipVerifier({
    url: settings.SLIP_VERIFY_URL,
    token: settings.SLIP_VERIFY_TOKEN,
    timeoutMs: settings.SLIP_VERIFY_TIMEOUT_MS,
  });
}

/** Payments over the app's gateway and slips folder (services.ts builds the record first). */
export function buildPaymentsService(
  repository: PaymentsRepository,
  bookings: BookingsService,
  settings: Settings,
  deps: {
    siteSettings: SiteSettingsService;
    gateway: PaymentGateway;
    files: FileStorage;
    audit: AuditService;
  },
) {
  return new PaymentsService(repository, bookings, {
    siteSettings: deps.siteSettings,
    gateway: deps.gateway,
    // Personal data: never a public file, read only through the API by the owner and staff.
    slips: storageFolder(deps.files, 'slips'),
    slipVerifier: slipVerifierFromSettings(settings),
    publicUrl: settings.publicUrl,
    audit: deps.audit,
  });
}
