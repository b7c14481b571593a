import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../plugins/app/context';
import { answerFromUser, keepUserSnapshot, readUserForAnswer } from './user-snapshot';
import type { UserRow } from './user.repository';
import { updateUser } from './user.service';

// Decision 027: the row the session lookup read serves one read that comes before any write.

const row = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  mood: 'Happy',
} as UserRow;

describe('the cached user row of a request', () => {
  it('is taken once: a second read of the same request reads the row again', () => {
    const request = { method: 'GET' } as FastifyRequest;
    keepUserSnapshot(request, { user: row, backgroundUrl: null });
    expect(readUserForAnswer(request)).toBeDefined();
    expect(readUserForAnswer(request)).toBeUndefined();
    expect(readUserForAnswer({ method: 'GET' } as FastifyRequest)).toBeUndefined();
  });

  it('is never given to a call that may write (any method but GET and HEAD)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const request = { method } as FastifyRequest;
      keepUserSnapshot(request, { user: row, backgroundUrl: null });
      expect(readUserForAnswer(request)).toBeUndefined();
    }
    const head = { method: 'HEAD' } as FastifyRequest;
    keepUserSnapshot(head, { user: row, backgroundUrl: null });
    expect(readUserForAnswer(head)).toBeDefined();
  });

  it('answers from the snapshot without reading, and reads when there is none', async () => {
    const request = { method: 'GET' } as FastifyRequest;
    keepUserSnapshot(request, { user: row, backgroundUrl: '/backgrounds/a.svg' });
    const read = vi.fn(async () => 'read now');
    const fromSnapshot = await answerFromUser(
      readUserForAnswer(request),
      (known) => `${known.user.mood} ${known.backgroundUrl}`,
      read,
    );
    expect(fromSnapshot).toBe('Happy /backgrounds/a.svg');
    expect(read).not.toHaveBeenCalled();
    expect(await answerFromUser(undefined, () => 'cached', read)).toBe('read now');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('cannot reach a write path: the type refuses it (checked by npm run typecheck)', () => {
    const request = { method: 'GET' } as FastifyRequest;
    keepUserSnapshot(request, { user: row, backgroundUrl: null });
    const snapshot = readUserForAnswer(request)!;
    const auth = {} as AuthContext;
    // @ts-expect-error The cached row is not on AuthContext, which every service receives.
    expect(auth.userRow).toBeUndefined();
    // @ts-expect-error A snapshot is not a user row: its fields cannot be read...
    expect(snapshot.mood).toBeUndefined();
    const takesRow = (user: UserRow) => user.id;
    // @ts-expect-error ...nor can it stand where a row is expected.
    expect(() => takesRow(snapshot)).not.toThrow();
    const misuse = (db: Parameters<typeof updateUser>[0]) =>
      // @ts-expect-error A write service takes no snapshot.
      updateUser(db, auth, {}, new Date(), snapshot);
    expect(typeof misuse).toBe('function');
  });
});
