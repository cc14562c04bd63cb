/**
 * Child seats (issue 36 part 4, docs/decisions/3620): three kinds, each for an age and weight, rented
 * per seat per day from a branch's stock. Free of zod: the site's i18n carries these figures into
 * every page (rental-rules.ts `ruleTextVariables`), the server refuses by them.
 */

/** The seat add-ons, in the order the form lists them (and the database locks their stock rows). */
export const seatCodes = ['infant_seat', 'child_seat', 'booster_seat'] as const;
export type SeatCode = (typeof seatCodes)[number];
export const isSeatCode = (code: string): code is SeatCode => (seatCodes as readonly string[]).includes(code);

/**
 * Who each seat is for (UN R44 groups 0+, 1 and 2/3, the ones Thai rental counters stock): the
 * lower age is where a child usually outgrows the seat before, the weight decides.
 */
export const seatFit = {
  /** Rear-facing, from birth: up to 13 kg, about 15 months. */
  infant_seat: { fromMonths: 0, toMonths: 15, fromKg: 0, toKg: 13 },
  /** Forward-facing with its own harness: 9-18 kg, about 1-4 years. */
  child_seat: { fromYears: 1, toYears: 4, fromKg: 9, toKg: 18 },
  /** A booster with the car's belt: 15-36 kg, about 4-12 years. */
  booster_seat: { fromYears: 4, toYears: 12, fromKg: 15, toKg: 36 },
} as const;

export const childSeatRules = {
  /** At most this many of each kind on one booking. */
  maxPerKind: 3,
  /**
   * Thailand's Land Traffic Act as amended (No. 13, B.E. 2565), in force since 5 September 2022:
   * a child under 6 rides in a child seat (or another restraint that fits them).
   */
  lawUnderAge: 6,
  /**
   * The seats a car keeps for grown-ups: the driver. A 5-seat car takes at most 4 child seats in all.
   */
  adultSeatsKept: 1,
} as const;

/** How many child seats in all a car with `carSeats` seats can take. */
export const maxChildSeatsIn = (carSeats: number) => Math.max(0, carSeats - childSeatRules.adultSeatsKept);

/** What rental-rules.ts `ruleTextVariables` adds for the seats' words (th, en, zh). */
export const seatTextVariables = {
  seatLawAge: childSeatRules.lawUnderAge,
  seatsPerKind: childSeatRules.maxPerKind,
  infantSeatToMonths: seatFit.infant_seat.toMonths,
  infantSeatToKg: seatFit.infant_seat.toKg,
  childSeatFromYears: seatFit.child_seat.fromYears,
  childSeatToYears: seatFit.child_seat.toYears,
  childSeatFromKg: seatFit.child_seat.fromKg,
  childSeatToKg: seatFit.child_seat.toKg,
  boosterSeatFromYears: seatFit.booster_seat.fromYears,
  boosterSeatToYears: seatFit.booster_seat.toYears,
  boosterSeatFromKg: seatFit.booster_seat.fromKg,
  boosterSeatToKg: seatFit.booster_seat.toKg,
} as const;
