import type { Language } from '@siam/contract/languages';
import type { LocalizedText } from '../../db/schema/localized';

/** A car model's display name in one language: "Toyota Yaris Ativ". */
export const carName = (row: { brand: LocalizedText; model: LocalizedText }, lang: Language) =>
  `${row.brand[lang]} ${row.model[lang]}`;
