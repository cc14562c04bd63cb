import { describe, expect, it } from 'vitest';
import { bookingDepositSchema, depositActionSchema, depositStates } from './deposits';
import { defaultDeposit, depositByCategory } from './rental-rules';

describe('security deposits by category (decision 1701: ฿3,000 small cars … ฿15,000 vans and luxury)', () => {
  it('starts a new model from its category', () => {
    expect(depositByCategory).toEqual({
      sedan: 3000,
      hatchback: 3000,
      crossover: 5000,
      electric: 5000,
      suv: 10000,
      '7seat': 10000,
      minivan: 10000,
      cap: 10000,
      van: 15000,
      luxury: 15000,
    });
    expect(defaultDeposit).toBe(5000);
  });
});

describe("staff's deposit actions", () => {
  it('take by card, cash or PromptPay, nothing else', () => {
    expect(depositActionSchema.parse({ action: 'take', method: 'card' })).toEqual({
      action: 'take',
      method: 'card',
    });
    expect(depositActionSchema.parse({ action: 'take', method: 'cash' })).toEqual({
      action: 'take',
      method: 'cash',
    });
    expect(depositActionSchema.parse({ action: 'take', method: 'promptpay' })).toEqual({
      action: 'take',
      method: 'promptpay',
    });
    expect(depositActionSchema.safeParse({ action: 'take', method: 'transfer' }).success).toBe(false);
    expect(depositActionSchema.safeParse({ action: 'keep' }).success).toBe(false);
  });

  it('release all by default, or all but whole baht kept, with a trimmed reason of at most 300 characters', () => {
    expect(depositActionSchema.parse({ action: 'release' })).toEqual({ action: 'release', kept: 0 });
    expect(
      depositActionSchema.parse({ action: 'release', kept: '1500', reason: '  dent on the door  ' }),
    ).toEqual({
      action: 'release',
      kept: 1500,
      reason: 'dent on the door',
    });
    expect(depositActionSchema.parse({ action: 'release', kept: 0, reason: 'x'.repeat(300) })).toMatchObject({
      reason: 'x'.repeat(300),
    });
    const messages = (input: object) => {
      const result = depositActionSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ action: 'release', kept: 10.5 })).toEqual(['Whole baht only']);
    expect(messages({ action: 'release', kept: -1 })).toEqual(['Must not be negative']);
    expect(messages({ action: 'release', reason: 'x'.repeat(301) })).toEqual(['Too long']);
  });
});

describe('a booking deposit as shown', () => {
  const shown = {
    amount: 300000,
    state: 'partly_released',
    method: 'card',
    coveredBy: null,
    kept: 150000,
    keptReason: 'dent',
    heldAt: '2026-11-28T10:00:00+07:00',
    releasedAt: null,
    heldOnCard: true,
    canHoldOnCard: false,
    holdOpensAt: null,
    authorizeUri: null,
    canPayByPromptPay: false,
  };
  it('has one of four states and whole satang', () => {
    expect(depositStates).toEqual(['due', 'held', 'released', 'partly_released']);
    expect(bookingDepositSchema.parse(shown)).toEqual(shown);
    expect(
      bookingDepositSchema.parse({ ...shown, state: 'due', method: null, kept: 0, keptReason: null }),
    ).toMatchObject({ state: 'due', method: null });
    for (const state of ['due', 'held', 'released'])
      expect(bookingDepositSchema.safeParse({ ...shown, state }).success).toBe(true);
    expect(bookingDepositSchema.safeParse({ ...shown, state: 'lost' }).success).toBe(false);
    expect(bookingDepositSchema.safeParse({ ...shown, amount: 3000.5 }).success).toBe(false);
    expect(bookingDepositSchema.safeParse({ ...shown, kept: 1.5 }).success).toBe(false);
    expect(bookingDepositSchema.safeParse({ ...shown, method: 'cheque' }).success).toBe(false);
  });
});
