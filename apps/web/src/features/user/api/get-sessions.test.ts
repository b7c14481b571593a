import { describe, expect, it } from 'vitest';
import { buildSession } from '@/test/factories';
import { sortSessions } from './get-sessions';

describe('sortSessions', () => {
  it('puts this device first, then the others by last use, newest first', () => {
    const old = buildSession({ id: 'old', lastUsedAt: '2026-01-01T00:00:00.000Z' });
    const recent = buildSession({ id: 'recent', lastUsedAt: '2026-11-20T00:00:00.000Z' });
    const current = buildSession({
      id: 'current',
      lastUsedAt: '2025-01-01T00:00:00.000Z',
      current: true,
    });
    expect(sortSessions([old, recent, current]).map((s) => s.id)).toEqual([
      'current',
      'recent',
      'old',
    ]);
  });
});
