import { sandboxCardToken, type CardVault } from '@siam/contract/card-tokens';

export interface CardEntry {
  number: string;
  name: string;
  /** MM/YY, as typed (checked by cardSchema before this). */
  expiry: string;
  cvv: string;
}

/** Why no token was made, as a key of the booking namespace's cardErrors. */
export type VaultRefusal = 'invalid_card' | 'vault_unreachable';

/**
 * Turns the card into the gateway's token in the browser (issue 16): the number and CVV go to the
 * gateway's vault and nowhere else, and our API is sent the token. Omise: what Omise.js's
 * `createToken('card', …)` does, a form POST to the vault with the public key as Basic user name
 * (the vault answers cross-origin calls). The sandbox: its own token, made here, that carries only
 * the test card's outcome, brand and last four digits.
 */
export async function createCardToken(
  vault: CardVault,
  card: CardEntry,
): Promise<{ token: string } | { refused: VaultRefusal }> {
  const number = card.number.replace(/\D/g, '');
  if (vault.vault === 'sandbox') return { token: sandboxCardToken(number) };
  const [month, year] = card.expiry.split('/');
  let response: Response;
  try {
    response = await fetch(`${vault.vaultUrl.replace(/\/$/, '')}/tokens`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${vault.publicKey}:`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        'card[name]': card.name.trim(),
        'card[number]': number,
        'card[expiration_month]': String(Number(month)),
        'card[expiration_year]': `20${year}`,
        'card[security_code]': card.cvv.trim(),
      }),
      // The card is not ours to keep: no cookie, no referrer to the vault.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    return { refused: 'vault_unreachable' };
  }
  const body = (await response.json().catch(() => ({}))) as { object?: string; id?: unknown };
  if (response.ok && body.object === 'token' && typeof body.id === 'string') return { token: body.id };
  // The vault refused the card (a 4xx with an error object) or could not be reached properly.
  return { refused: response.status >= 400 && response.status < 500 ? 'invalid_card' : 'vault_unreachable' };
}
