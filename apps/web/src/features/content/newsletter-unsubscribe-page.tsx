import { NewsletterLinkPage } from './newsletter-link-page';

export function Component() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
