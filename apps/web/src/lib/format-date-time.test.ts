import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it('writes US English: month name, day, year and the time', () => {
    const local = new Date(2026, 10, 2, 15, 4);
    expect(formatDateTime(local)).toBe('November 2, 2026 at 3:04 PM');
  });
});
