import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cardSchema } from '@siam/contract/bookings';
import { cardExpired, cardMessages } from '@siam/contract/card-tokens';
import { LabelledControl, useMessageWords } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';
import { fetchGateway } from './booking-api';
import { createCardToken } from './card-vault';

const fields = ['number', 'name', 'expiry', 'cvv'] as const;
type Card = Record<(typeof fields)[number], string>;

/**
 * A card typed in My bookings (a change's difference, a deposit held on the card): checked here by
 * the contract's rules, then made into the gateway's token in the browser, as on the booking form;
 * the number never reaches our server. `tokenise` throws `cardErrors.<reason>` when the vault says no.
 */
export function useCardEntry(enabled: boolean) {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const [card, setCard] = useState<Card>({ number: '', name: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const gateway = useQuery({
    queryKey: ['payment-gateway'],
    queryFn: fetchGateway,
    staleTime: Infinity,
    enabled,
  });
  const check = () => {
    const parsed = cardSchema.safeParse(card);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const i of parsed.error.issues) found[String(i.path[0])] ??= t('cardEntry.check');
    else if (cardExpired(parsed.data.expiry, new Date())) found.expiry = words.say(cardMessages.expired, t);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const tokenise = async () => {
    const vault = (gateway.data ?? (await gateway.refetch()).data)?.card;
    if (!vault) throw new Error('cardErrors.vault_unreachable');
    const made = await createCardToken(vault, card);
    if ('refused' in made) throw new Error(`cardErrors.${made.refused}`);
    return made.token;
  };
  return { card, setCard, errors, check, tokenise };
}

export function CardEntryFields({ entry }: { entry: ReturnType<typeof useCardEntry> }) {
  const { t } = useTranslation('booking');
  const { card, setCard, errors } = entry;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map((field) => (
        <LabelledControl key={field} label={t(`cardEntry.${field}`)} error={errors[field]}>
          {(p) => (
            <input
              {...p}
              className="field-input"
              type={field === 'cvv' ? 'password' : 'text'}
              inputMode={field === 'number' || field === 'cvv' ? 'numeric' : undefined}
              autoComplete={{ number: 'cc-number', name: 'cc-name', expiry: 'cc-exp', cvv: 'cc-csc' }[field]}
              placeholder={field === 'expiry' ? 'MM/YY' : undefined}
              value={card[field]}
              onChange={(e) => setCard({ ...card, [field]: e.target.value })}
            />
          )}
        </LabelledControl>
      ))}
    </div>
  );
}
