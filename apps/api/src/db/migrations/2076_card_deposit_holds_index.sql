-- The deposit-hold job (payments/deposits.ts, decision 3413) asks every minute, on every instance, for
-- card holds made before a time (BookingsRepository.cardDepositsHeldBefore). Only bookings whose
-- deposit is held on a card are ever in this index, so the question reads a handful of rows instead of
-- every booking there has ever been.
CREATE INDEX bookings_card_deposit_held_idx ON bookings (deposit_held_at)
  WHERE deposit_state = 'held' AND deposit_ref IS NOT NULL;
