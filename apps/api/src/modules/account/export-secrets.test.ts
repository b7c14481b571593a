import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordCredentials, sessions } from '../../db/schema';
import { call, useTestApp } from '../../../test/app';

// SECURITY.md's threat model: someone with a copy of an export gets the person's own data and
// nothing that opens the account (no password hash, no token, no key material).
describe('an export holds nothing that opens the account', () => {
  const ctx = useTestApp();
  const password = 'an export-safe password';

  it('has no password hash, session token or token hash, in JSON or CSV', async () => {
    const registered = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Export Safe',
        email: 'export-safe@example.test',
        password,
        confirmPassword: password,
        terms: true,
        timeZone: 'UTC',
      },
    });
    expect(registered.statusCode).toBe(201);
    const { token, userData } = registered.json() as { token: string; userData: { id: string } };
    const diary = await call(ctx.app, 'POST', '/api/v1/diary', {
      token,
      body: { id: userData.id, content: 'a private line' },
    });
    expect(diary.statusCode).toBeLessThan(300);

    const [credential] = await ctx.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, userData.id));
    const tokenHashes = (
      await ctx.db.select().from(sessions).where(eq(sessions.userId, userData.id))
    ).map((s) => s.tokenHash);
    expect(credential?.passwordHash).toMatch(/^\$argon2/);
    expect(tokenHashes.length).toBeGreaterThan(0);

    for (const path of [
      '/account/export',
      '/account/export/tasks.csv',
      '/account/export/moods.csv',
    ]) {
      const res = await call(ctx.app, 'GET', `/api/v1${path}`, { token });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain(credential!.passwordHash);
      expect(res.body, path).not.toContain('$argon2');
      expect(res.body, path).not.toContain(token);
      for (const hash of tokenHashes) expect(res.body, path).not.toContain(hash);
      expect(res.body, path).not.toContain(password);
    }
    // The person's own words are there: it is their data.
    const json = await call(ctx.app, 'GET', '/api/v1/account/export', { token });
    expect(json.body).toContain('a private line');
  });
});
