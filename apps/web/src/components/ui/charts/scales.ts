/**
 * The two scales the charts need, in a few lines each instead of a library (decision 033:
 * d3-scale's scaleLinear and scaleBand cost 11.6 kB gzip, more than the rest of the statistics
 * page's own code). Same meaning as d3-scale's.
 */

/** Maps `domain` onto `range` linearly, values outside the domain held at its edges. */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  return (value) => {
    if (d0 === d1) return (r0 + r1) / 2;
    const t = Math.min(1, Math.max(0, (value - d0) / (d1 - d0)));
    return r0 + t * (r1 - r0);
  };
}

export interface BandScale {
  /** The start of `key`'s band, or undefined for a key outside the domain. */
  (key: string): number | undefined;
  bandwidth: number;
}

/**
 * `keys` as equal bands across `range`, in order: `paddingInner` of a step between bands and
 * `paddingOuter` of a step before the first and after the last (d3's scaleBand).
 */
export function bandScale(
  keys: readonly string[],
  range: readonly [number, number],
  { paddingInner = 0, paddingOuter = 0 }: { paddingInner?: number; paddingOuter?: number } = {},
): BandScale {
  const [start, stop] = range;
  const n = keys.length;
  const step = (stop - start) / Math.max(1, n - paddingInner + paddingOuter * 2);
  const bandwidth = step * (1 - paddingInner);
  const index = new Map(keys.map((key, i) => [key, i]));
  const scale = (key: string) => {
    const i = index.get(key);
    return i === undefined ? undefined : start + step * paddingOuter + step * i;
  };
  return Object.assign(scale, { bandwidth });
}
