import { describe, expect, it } from 'vitest';
import { bandScale, linearScale } from './scales';

describe('linearScale', () => {
  it('maps the domain onto the range, upside down as a y-axis is', () => {
    const y = linearScale([0, 100_000], [250, 10]);
    expect(y(0)).toBe(250);
    expect(y(100_000)).toBe(10);
    expect(y(25_000)).toBe(190);
  });

  it('holds values outside the domain at its edges', () => {
    const y = linearScale([0, 100_000], [250, 10]);
    expect(y(180_000)).toBe(10);
    expect(y(-5)).toBe(250);
  });

  it('puts everything in the middle of the range for an empty domain', () => {
    expect(linearScale([3, 3], [0, 10])(3)).toBe(5);
  });
});

describe('bandScale', () => {
  it('splits the range into equal bands in order, as d3-scale does', () => {
    // d3: scaleBand().domain(['a','b','c','d']).range([0, 100]).paddingInner(0.1).paddingOuter(0.05)
    const x = bandScale(['a', 'b', 'c', 'd'], [0, 100], { paddingInner: 0.1, paddingOuter: 0.05 });
    const step = 100 / (4 - 0.1 + 0.1);
    expect(x.bandwidth).toBeCloseTo(step * 0.9, 10);
    expect(x('a')).toBeCloseTo(step * 0.05, 10);
    expect(x('d')).toBeCloseTo(step * 3.05, 10);
    // The last band ends the outer padding before the range's end.
    expect(x('d')! + x.bandwidth + step * 0.05).toBeCloseTo(100, 10);
  });

  it('without padding, fills the range edge to edge', () => {
    const x = bandScale(['a', 'b'], [10, 30]);
    expect([x('a'), x('b'), x.bandwidth]).toEqual([10, 20, 10]);
  });

  it('knows no key outside its domain', () => {
    expect(bandScale(['a'], [0, 10])('z')).toBeUndefined();
  });
});
