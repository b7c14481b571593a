import { inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { backgroundsOfTier, buildGoal, buildTask, dumpUserRows } from '../../../test/factories';
import * as schema from '../../db/schema';
import { checkInActivities, identities, userBackgrounds } from '../../db/schema';
import { createSession } from '../auth/session-store';
import { API, PASSWORD, accountRequests } from './account.test-helpers';

describe('account: export, import and deletion', () => {
  const ctx = useTestApp();

  const { api, register, seedRichUser } = accountRequests(ctx);

  // ---- Deletion -------------------------------------------------------------------------------

  describe('DELETE /account', () => {
    it('refuses the wrong email with 400 CONFIRMATION_MISMATCH and deletes nothing', async () => {
      const user = await seedRichUser();
      const before = await dumpUserRows(ctx, user.id);
      for (const email of ['someone@example.test', '', `${user.email}x`, user.email.slice(1)]) {
        const body = expectFail(
          await api(user, 'DELETE', '/account', { email }),
          400,
          'CONFIRMATION_MISMATCH',
        );
        expect(body.message).not.toContain(user.email);
      }
      expectFail(await api(user, 'DELETE', '/account', {}), 400, 'VALIDATION_ERROR');
      expectFail(await api(user, 'DELETE', '/account'), 400, 'VALIDATION_ERROR');
      expectFail(
        await api(user, 'DELETE', '/account', { email: user.email, id: user.id }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      expect((await api(user, 'GET', `/user?id=${user.id}`)).statusCode).toBe(200);
    });

    it('leaves no row anywhere that refers to the user, and ends every session', async () => {
      const user = await register('leaving@example.test', 'Europe/Berlin');
      const secret = `private words ${user.id}`;
      expect((await api(user, 'POST', '/diary', { id: user.id, content: secret })).statusCode).toBe(
        201,
      );
      expect((await api(user, 'PATCH', `/user?id=${user.id}`, { mood: 'Sad' })).statusCode).toBe(
        200,
      );
      const activities = (await api(user, 'GET', `/activities?id=${user.id}`)).json().data;
      const named = [activities[0].id, activities[1].id];
      const checkIn = await api(user, 'POST', `/check-ins?id=${user.id}`, {
        mood: 'Happy',
        feelings: ['calm'],
        activityIds: named,
      });
      expect(checkIn.statusCode, checkIn.body).toBe(201);
      const goal = await buildGoal(ctx, user);
      await buildTask(ctx, user, goal.id);
      const [tier2] = await backgroundsOfTier(ctx, 2);
      await ctx.db
        .insert(userBackgrounds)
        .values({ userId: user.id, backgroundId: tier2!.id, acquiredAt: ctx.clock.now() });
      await ctx.db.insert(identities).values({
        userId: user.id,
        issuer: 'https://issuer.example.test',
        subject: `subject-${user.id}`,
        email: user.email,
        createdAt: ctx.clock.now(),
      });
      const otherToken = await createSession(ctx.db, user.id, ctx.clock.now(), {
        idleDays: ctx.env.SESSION_IDLE_DAYS,
        absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS,
      });
      const bystander = await seedRichUser();
      const bystanderBefore = await dumpUserRows(ctx, bystander.id);

      const res = await api(user, 'DELETE', '/account', { email: 'Leaving@Example.test' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: null });
      expect(res.headers['cache-control']).toBe('no-store');

      // Every table of the schema, read from its exports, so a new table cannot be missed.
      const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
        is(value, PgTable),
      );
      const names = tables.map((t) => getTableConfig(t).name);
      expect(names).toEqual(
        expect.arrayContaining([
          'users',
          'sessions',
          'password_credentials',
          'identities',
          'goals',
          'tasks',
          'diaries',
          'mood_entries',
          'user_backgrounds',
        ]),
      );
      for (const table of tables) {
        const { name, columns } = getTableConfig(table);
        const refersToUser = columns.map(
          (c) => sql`(
            ${sql.identifier(c.name)}::text = ${user.id}
            or lower(${sql.identifier(c.name)}::text) = ${user.email}
            or position(${secret} in ${sql.identifier(c.name)}::text) > 0
          )`,
        );
        const [row] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(sql.join(refersToUser, sql` or `));
        expect(row!.n, `rows of ${name} that refer to the deleted user`).toBe(0);
      }
      // The check-ins' links to activities name neither the user nor the email: by their ids.
      const [links] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(checkInActivities)
        .where(inArray(checkInActivities.activityId, named));
      expect(links!.n).toBe(0);

      for (const token of [user.token, otherToken]) {
        expectFail(
          await call(ctx.app, 'GET', `${API}/user?id=${user.id}`, { token }),
          401,
          'UNAUTHORIZED',
        );
      }
      const login = await api(undefined, 'POST', '/auth/login', {
        email: user.email,
        password: PASSWORD,
      });
      expectFail(login, 401, 'INVALID_CREDENTIALS');
      expect(await dumpUserRows(ctx, bystander.id)).toEqual(bystanderBefore);
    });
  });
});
