import { describe, expect, it } from 'vitest';
import { countOf, formatDateTime, isSameEmail, joinWithAnd } from './format';

describe('isSameEmail', () => {
  it('ignores case and surrounding spaces', () => {
    expect(isSameEmail('  ADA@Example.com ', 'ada@example.com')).toBe(true);
    expect(isSameEmail('ada@example.com', 'Ada@Example.COM')).toBe(true);
  });

  it('refuses anything else, and an empty text', () => {
    expect(isSameEmail('ada@example.co', 'ada@example.com')).toBe(false);
    expect(isSameEmail('a da@example.com', 'ada@example.com')).toBe(false);
    expect(isSameEmail('   ', '')).toBe(false);
  });
});

describe('formatDateTime', () => {
  it('writes US English: month name, day, year and the time', () => {
    const local = new Date(2026, 10, 2, 15, 4);
    expect(formatDateTime(local)).toBe('November 2, 2026 at 3:04 PM');
  });
});

describe('countOf and joinWithAnd', () => {
  it('counts in the singular for one only', () => {
    expect(countOf(1, 'task')).toBe('1 task');
    expect(countOf(0, 'task')).toBe('0 tasks');
    expect(countOf(2, 'diary entry', 'diary entries')).toBe('2 diary entries');
  });

  it('joins with commas and a final and', () => {
    expect(joinWithAnd([])).toBe('');
    expect(joinWithAnd(['a'])).toBe('a');
    expect(joinWithAnd(['a', 'b'])).toBe('a and b');
    expect(joinWithAnd(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
