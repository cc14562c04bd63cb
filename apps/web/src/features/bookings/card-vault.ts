import { sandboxCardToken, type CardVault } from '@siam/contract/card-tokens';
import { loadScript } from '../../lib/load-script';

export interface CardEntry {
  number: string;
  name: string;
  /** MM/YY, as typed (checked by cardSchema before this). */
  expiry: string;
  cvv: string;
}

/** Why no token was made, as a key of the booking namespace's cardErrors. */
export type VaultRefusal = 'invalid_card' | 'vault_unreachable';

/** Omise.js's API as its README documents it (github.com/omise/omise.js README.md, src/Omise.js). */
interface OmiseJs {
  setPublicKey(publicKey: string): void;
  createToken(
    as: 'card',
    card: {
      name: string;
      number: string;
      expiration_month: number;
      expiration_year: number;
      security_code: string;
    },
    handler: (statusCode: number, response: { object?: string; id?: unknown; code?: unknown }) => void,
  ): void;
}

declare global {
  interface Window {
    Omise?: OmiseJs;
  }
}

/**
 * Turns the card into the gateway's token in the browser (issue 16, issue 34): the number and CVV go
 * to the gateway and nowhere else, and our API is sent the token. Omise: through Omise.js itself
 * (`Omise.setPublicKey`, `Omise.createToken('card', …, callback)`), loaded from the address the API
 * names only when a card is tokenised; Omise.js talks to its vault in its own frame. The sandbox: its
 * own token, made here, that carries only the test card's outcome, brand and last four digits.
 */
export async function createCardToken(
  vault: CardVault,
  card: CardEntry,
): Promise<{ token: string } | { refused: VaultRefusal }> {
  const number = card.number.replace(/\D/g, '');
  if (vault.vault === 'sandbox') return { token: sandboxCardToken(number) };
  const [month, year] = card.expiry.split('/');
  try {
    await loadScript(vault.scriptUrl);
  } catch {
    return { refused: 'vault_unreachable' };
  }
  const omise = window.Omise;
  if (!omise) return { refused: 'vault_unreachable' };
  omise.setPublicKey(vault.publicKey);
  return new Promise((resolve) => {
    omise.createToken(
      'card',
      {
        name: card.name.trim(),
        number,
        expiration_month: Number(month),
        expiration_year: 2000 + Number(year),
        security_code: card.cvv.trim(),
      },
      (statusCode, response) => {
        if (statusCode === 200 && response.object === 'token' && typeof response.id === 'string')
          resolve({ token: response.id });
        // Omise.js says `invalid_card` for a card the vault refuses; anything else: it could not be asked.
        else
          resolve({
            refused: statusCode >= 400 && statusCode < 500 ? 'invalid_card' : 'vault_unreachable',
          });
      },
    );
  });
}
