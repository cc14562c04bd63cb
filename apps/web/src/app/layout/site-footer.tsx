import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { carTypeLinks } from '@siam/contract/business-rules';
import { NewsletterForm } from '../../features/newsletter/newsletter-form';
import { useSiteSettings } from '../../features/site-settings/use-site-settings';
import { FacebookIcon, InstagramIcon, LineIcon, YoutubeIcon } from './social-icons';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function SiteFooter() {
  const { t } = useTranslation('common');
  const { data: settings } = useSiteSettings();
  const contact = settings?.contact;

  return (
    <footer className="mt-16 bg-brand-900 text-slate-100" data-testid="site-footer">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg text-white">
            {t('brand')}
          </h2>
          <p className="mt-2 text-sm text-slate-200">{t('footer.tagline')}</p>
          <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-action-500 px-3 py-1 text-sm font-semibold text-slate-900">
            <Clock aria-hidden size={16} /> {t('footer.roadsideHelp')}
          </p>
          <h3 className="mt-6 text-base text-white">{t('footer.followUs')}</h3>
          <ul className="mt-2 flex gap-2">
            {[
              { href: 'https://www.facebook.com/siamdrive', label: 'Facebook', Icon: FacebookIcon },
              { href: 'https://line.me/R/ti/p/@siamdrive', label: 'LINE', Icon: LineIcon },
              { href: 'https://www.instagram.com/siamdrive', label: 'Instagram', Icon: InstagramIcon },
              { href: 'https://www.youtube.com/@siamdrive', label: 'YouTube', Icon: YoutubeIcon },
            ].map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={label}
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-600"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg text-white">
            {t('footer.contactUs')}
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {(contact?.phones ?? []).map((phone) => (
              <li key={phone}>
                <a
                  href={telHref(phone)}
                  className="inline-flex min-h-11 items-center gap-2 text-white hover:underline"
                >
                  <Phone aria-hidden size={16} />
                  <span className="sr-only">{t('footer.phone')}: </span>
                  {phone}
                </a>
              </li>
            ))}
            {contact && (
              <li>
                <a
                  href={`mailto:${contact.email}`}
                  className="inline-flex min-h-11 items-center gap-2 text-white hover:underline"
                >
                  <Mail aria-hidden size={16} />
                  <span className="sr-only">{t('footer.email')}: </span>
                  {contact.email}
                </a>
              </li>
            )}
            {contact && (
              <li className="flex gap-2 text-slate-200">
                <MapPin aria-hidden size={16} className="mt-1 shrink-0" />
                <span>
                  <span className="font-semibold text-white">{t('footer.headOffice')}: </span>
                  {contact.headOffice}
                </span>
              </li>
            )}
          </ul>
        </section>

        <nav aria-labelledby="footer-types">
          <h2 id="footer-types" className="text-lg text-white">
            {t('footer.carTypes')}
          </h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 text-sm lg:grid-cols-1">
            {carTypeLinks.map((type) => (
              <li key={type}>
                <Link
                  to={`/cars?type=${type}`}
                  className="inline-flex min-h-11 items-center text-white hover:underline lg:min-h-9"
                >
                  {t(`footer.types.${type}`)}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className="mt-4 text-lg text-white">{t('footer.help')}</h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 text-sm lg:grid-cols-1">
            {(['promotions', 'terms', 'privacy', 'sitemap', 'howItWorks'] as const).map((key) => (
              <li key={key}>
                <Link
                  to={key === 'howItWorks' ? '/how-it-works' : `/${key}`}
                  className="inline-flex min-h-11 items-center text-white hover:underline lg:min-h-9"
                >
                  {t(`footer.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-lg text-white">
            {t('footer.newsletterTitle')}
          </h2>
          <p className="mt-2 mb-3 text-sm text-slate-200">{t('footer.newsletterText')}</p>
          <NewsletterForm />
        </section>
      </div>
      {/* The year is the server's in a server-rendered page; it differs only at the turn of a year.
          The strip below it stays free: the floating contact buttons, opened at the page's end, sit there
          instead of over the newsletter field (floating-contact.tsx). */}
      <div
        className="border-t border-white/10 pt-4 pb-20 text-center text-sm text-slate-300"
        suppressHydrationWarning
      >
        {t('footer.rights', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
