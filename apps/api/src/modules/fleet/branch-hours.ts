import { branchMessages } from '@siam/contract/admin';
/** "HH:MM" of a database time ("08:00:00"). */
export const hhmm = (time: string) => time.slice(0, 5);

/** A branch row's times as "HH:MM" and its out-of-hours fee as baht (decision 3602). */
export function branchHours<
  T extends {
    opensAt: string;
    closesAt: string;
    outOfHoursOpensAt: string | null;
    outOfHoursClosesAt: string | null;
    outOfHoursFee: string;
  },
>(row: T) {
  return {
    ...row,
    opensAt: hhmm(row.opensAt),
    closesAt: hhmm(row.closesAt),
    outOfHoursOpensAt: row.outOfHoursOpensAt && hhmm(row.outOfHoursOpensAt),
    outOfHoursClosesAt: row.outOfHoursClosesAt && hhmm(row.outOfHoursClosesAt),
    outOfHoursFee: Number(row.outOfHoursFee),
  };
}

/** A branch body as the table takes it: the out-of-hours fee as numeric text. */
export function branchWrite<T extends { outOfHoursFee?: number }>(body: T) {
  const { outOfHoursFee, ...rest } = body;
  return outOfHoursFee === undefined ? rest : { ...rest, outOfHoursFee: String(outOfHoursFee) };
}

/**
 * What is wrong with a branch's out-of-hours band against its opening hours (migration 2059's CHECK,
 * said field by field instead of a database error): both ends or neither, from at or before opening,
 * until at or after closing.
 */
export function bandProblems(b: {
  opensAt: string;
  closesAt: string;
  outOfHoursOpensAt: string | null;
  outOfHoursClosesAt: string | null;
}) {
  const problems: { path: string; message: string }[] = [];
  const { outOfHoursOpensAt: from, outOfHoursClosesAt: until } = b;
  if ((from === null) !== (until === null))
    problems.push({
      path: from === null ? 'outOfHoursOpensAt' : 'outOfHoursClosesAt',
      message: branchMessages.bandBoth,
    });
  else if (from !== null && until !== null) {
    if (from > b.opensAt) problems.push({ path: 'outOfHoursOpensAt', message: branchMessages.bandOpens });
    if (until < b.closesAt) problems.push({ path: 'outOfHoursClosesAt', message: branchMessages.bandCloses });
  }
  return problems;
}
