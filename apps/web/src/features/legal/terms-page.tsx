import { LegalPage } from './legal-page';

export function Component() {
  return <LegalPage doc="terms" />;
}
