import { EXPORT_FORMAT, IMPORT_BODY_LIMIT_BYTES } from '@wellspring/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildUser, dumpUserRows, type TestUser } from '../../../test/factories';
import { users } from '../../db/schema';
import { API, accountRequests } from './account.test-helpers';

describe('account: export, import and deletion', () => {
  const ctx = useTestApp();

  const { api, exportOf, importInto, seedRichUser } = accountRequests(ctx);

  // ---- Who may call ---------------------------------------------------------------------------

  describe('authorization', () => {
    const routes: [InjectOptions['method'], string, (u: TestUser) => unknown][] = [
      ['GET', '/account/export', () => undefined],
      ['GET', '/account/export/tasks.csv', () => undefined],
      ['GET', '/account/export/moods.csv', () => undefined],
      ['POST', '/account/import', () => ({ format: EXPORT_FORMAT })],
      ['DELETE', '/account', (u) => ({ email: u.email })],
    ];

    it.each(routes)(
      '%s %s answers 401 without a valid token and changes nothing',
      async (method, path, body) => {
        const user = await seedRichUser();
        const before = await dumpUserRows(ctx, user.id);
        const refused: Record<string, string>[] = [
          {},
          { authorization: 'Bearer ' },
          { authorization: `Bearer ${'A'.repeat(43)}` },
          { authorization: `Basic ${user.token}` },
        ];
        for (const headers of refused) {
          for (const prefix of [API, '/v1']) {
            const res = await call(ctx.app, method, `${prefix}${path}`, {
              body: body(user),
              headers,
            });
            expectFail(res, 401, 'UNAUTHORIZED');
            expect(res.body).not.toContain(user.email);
          }
        }
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it('refuses a large import without a token before reading it', async () => {
      const res = await importInto(undefined, `{"pad":"${'x'.repeat(IMPORT_BODY_LIMIT_BYTES)}"}`);
      expectFail(res, 401, 'UNAUTHORIZED');
    });

    it("acts on the token's own account alone, whatever the caller sends", async () => {
      const victim = await seedRichUser();
      const attacker = await buildUser(ctx, { name: 'Mallory' });
      const victimBefore = await dumpUserRows(ctx, victim.id);

      for (const path of [
        '/account/export',
        `/account/export?id=${victim.id}`,
        `/account/export?userId=${victim.id}`,
        '/account/export/tasks.csv',
        '/account/export/moods.csv',
      ]) {
        const res = await api(attacker, 'GET', path);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(victim.id);
        expect(res.body).not.toContain(victim.email);
        expect(res.body).not.toContain('Rosa');
      }
      expect((await exportOf(attacker)).user.name).toBe('Mallory');

      const deletion = await api(attacker, 'DELETE', '/account', { email: victim.email });
      expectFail(deletion, 400, 'CONFIRMATION_MISMATCH');
      expect(deletion.body).not.toContain(victim.email);
      expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
      expect((await api(attacker, 'GET', `/user?id=${attacker.id}`)).statusCode).toBe(200);
      const own = await exportOf(victim);
      expect(own.user.name).toBe('Rosa Roundtrip');
      const [stillThere] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, victim.id), eq(users.email, victim.email)));
      expect(stillThere).toBeDefined();
    });
  });
});
