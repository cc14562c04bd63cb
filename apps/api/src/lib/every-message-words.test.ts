import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectMessages } from '../../test/message-sources';
import { localizeMessage } from './message-words';

// Issue 35: every refusal the API can send has Thai and Chinese words. The messages are read from the
// sources (test/message-sources.ts: AppError, notFound, field errors, envelopes, the contract's zod
// messages and the helpers that pass them on), so a new message without words fails here by name.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Operators' words, not the API's answers: settings read at start-up, the admin CLI, migrations.
const notAnswers = /src\/(config\/|admin-cli\.ts|db\/)/;

// Places that carry data rather than words: the site reads them as codes or numbers.
const dataNotWords = [
  // The card's refusal code (`insufficient_fund`, …) beside the words; the site picks its own text by it.
  /payments\/card-payments\.ts:\d+: charge\.status === 'failed' \? charge\.code : 'processing_error'$/,
  /payments\/deposits\.ts:\d+: hold\.status === 'failed' \? hold\.code : 'processing_error'$/,
  /rentals\/checkout\.ts:\d+: outcome\.code$/,
  // The refused booking's number, for the site to open it and pay again.
  /rentals\/checkout\.ts:\d+: \(await this\.bookings\.row\(bookingId\)\)!\.booking_number$/,
];
const dataMessages = new Set(['processing_error']);

describe('every message the API can send', () => {
  const { messages, unresolved } = collectMessages(
    [`${repoRoot}apps/api/src`, `${repoRoot}packages/contract/src`],
    repoRoot,
    notAnswers,
  );

  it('is read from the sources: none is made in a way the reader cannot follow', () => {
    expect(unresolved.filter((u) => !dataNotWords.some((d) => d.test(u)))).toEqual([]);
    // The reader finds what it should: a sure sample from each kind of place.
    const found = new Set(messages.map((m) => m.message));
    for (const known of [
      'Incorrect email or password', // new AppError in a service
      'Booking not found', // notFound('Booking')
      'Tax invoice not found', // readableOr404(…, 'Tax invoice') → notFound
      'Please accept the terms and conditions', // zod { error }
      'The driver is younger than this car allows', // a contract rule's field message
      'Send the slip as multipart/form-data', // uploadedFile's template with the caller's kind
      'Unknown branch', // a field error's message
    ])
      expect(found, known).toContain(known);
    expect(found.size).toBeGreaterThan(250);
  });

  it('has Thai and Chinese words for each', () => {
    const missing = [
      ...new Set(
        messages
          .filter(({ message }) => !dataMessages.has(message))
          .filter(({ message }) =>
            (['th', 'zh'] as const).some((lang) => localizeMessage(message, lang) === message),
          )
          .map(({ message, where }) => `${where}: ${message}`),
      ),
    ];
    expect(missing).toEqual([]);
  });
});
