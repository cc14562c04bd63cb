import { jsonb } from 'drizzle-orm/pg-core';
import type { Language } from '@siam/contract/languages';

/** A text stored once per language: `{th, en, zh}`. */
export type LocalizedText = Record<Language, string>;

export const localized = (name: string) => jsonb(name).$type<LocalizedText>();
