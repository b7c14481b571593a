import type { LocalDate } from './dates';

/** A feeling word's use: on how many check-ins and on how many local days. */
export interface FeelingCount {
  word: string;
  checkIns: number;
  days: number;
}

/**
 * How often each feeling word was named across the given check-ins: most check-ins first, then
 * most days, then A to Z, so the order never depends on how the rows came.
 */
export function countFeelings(
  checkIns: readonly { day: LocalDate; feelings: readonly string[] }[],
): FeelingCount[] {
  const byWord = new Map<string, { checkIns: number; days: Set<LocalDate> }>();
  for (const { day, feelings } of checkIns) {
    for (const word of new Set(feelings)) {
      const count = byWord.get(word) ?? { checkIns: 0, days: new Set() };
      count.checkIns += 1;
      count.days.add(day);
      byWord.set(word, count);
    }
  }
  return [...byWord]
    .map(([word, c]) => ({ word, checkIns: c.checkIns, days: c.days.size }))
    .sort(
      (a, b) =>
        b.checkIns - a.checkIns ||
        b.days - a.days ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    );
}
