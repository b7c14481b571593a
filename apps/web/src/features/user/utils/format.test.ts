import { describe, expect, it } from 'vitest';
import { isSameEmail, joinWithAnd } from './format';

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

describe('joinWithAnd', () => {
  it('joins with commas and a final and', () => {
    expect(joinWithAnd([])).toBe('');
    expect(joinWithAnd(['a'])).toBe('a');
    expect(joinWithAnd(['a', 'b'])).toBe('a and b');
    expect(joinWithAnd(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
