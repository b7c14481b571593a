import { eq } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, TEST_CIPHER, type TestContext } from '../../../test/app';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { buildUser } from '../../../test/factories';
import { linkToken } from '../../../test/smtp';
import { assertServerConfig, loadEnv } from '../../config/env';
import { emailTokens, users } from '../../db/schema';
import {
  API,
  PUBLIC_URL,
  newEmail,
  register,
  verify,
  resend,
  forgot,
} from './email-links.test-helpers';

describe('the outbox: no SMTP_URL outside production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => ctx.close());

  it('writes each mail as an .eml file only its owner can read, and logs the file, not the link', async () => {
    const email = newEmail('outbox');
    await register(ctx, email);
    await ctx.app.mailer.flush();
    expect(ctx.app.mailer.mode).toBe('outbox');
    const outbox = path.join(ctx.env.DATA_DIR, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = path.join(outbox, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toMatch(/^To: .+$/m);
    const token = linkToken(
      { decoded: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') },
      '/verify-email',
    );

    const lines = ctx.logs.filter((l) => l.includes('mail written to the outbox'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).file).toBe(file);
    expect(ctx.logs.join('\n')).not.toContain(token);
    // The link in the file works, and following it puts no token in the log either.
    expect((await verify(ctx, token)).statusCode).toBe(200);
    expect(ctx.logs.join('\n')).not.toContain(token);
  });
});

describe('EMAIL_VERIFICATION and production', () => {
  it('refuses to start in production without SMTP_URL, naming it', async () => {
    const production = (extra: Record<string, string> = {}) =>
      assertServerConfig(loadEnv({ NODE_ENV: 'production', ...extra }));
    expect(() => production()).toThrow(/SMTP_URL: required in production/);
    expect(() => production({ SMTP_URL: 'smtp://mail.example.test:587' })).not.toThrow();
    expect(() => production({ EMAIL_VERIFICATION: 'off' })).not.toThrow();
    expect(() => assertServerConfig(loadEnv({ NODE_ENV: 'development' }))).not.toThrow();
    // The command-line tools (migrations, key rotation) read the same settings and send no mail.
    expect(() => loadEnv({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ EMAIL_VERIFICATION: 'maybe' })).toThrow(/EMAIL_VERIFICATION/);
    // An app built in production without a mail server is refused, before it touches anything.
    const env = loadEnv({ NODE_ENV: 'production' });
    await expect(
      buildApp({ env, database: {} as DatabaseHandle, cipher: TEST_CIPHER }),
    ).rejects.toThrow(/SMTP_URL/);
  });

  it('stops the real server at start, with the message on standard error', () => {
    const require = createRequire(import.meta.url);
    const tsx = require.resolve('tsx/cli');
    const server = path.resolve(import.meta.dirname, '../../server.ts');
    const { status, stderr } = spawnSync(process.execPath, [tsx, server], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(status).toBe(1);
    expect(stderr).toMatch(/SMTP_URL: required in production/);
  });

  describe('with EMAIL_VERIFICATION=off', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({
        env: {
          NODE_ENV: 'production',
          EMAIL_VERIFICATION: 'off',
          OIDC_CLIENT_ID: 'client-id',
          OIDC_CLIENT_SECRET: 'client-secret',
        },
      });
    });
    afterAll(() => ctx.close());

    it('starts, and says so in one line of the log', () => {
      const lines = ctx.logs.filter((l) => l.includes('EMAIL_VERIFICATION=off'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!).msg).toMatch(/never linked to a Google identity/);
    });

    it('leaves password accounts unverified (shown as null) and sends no link', async () => {
      const email = newEmail('off');
      const answer = await register(ctx, email);
      expect(answer.userData.emailVerified).toBeNull();
      const rows = await ctx.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.userId, answer.userData.id));
      expect(rows).toEqual([]);
      const res = await resend(ctx, answer.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_VERIFICATION_OFF');
      const google = await buildUser(ctx);
      await ctx.db
        .update(users)
        .set({ emailVerifiedAt: ctx.clock.now() })
        .where(eq(users.id, google.id));
      const shown = await call(ctx.app, 'GET', `${API}/user?id=${google.id}`, {
        token: google.token,
      });
      expect(shown.json().data.emailVerified).toBe(true);
    });

    it('still answers "Forgot password?" the same, sending nothing without a mail server', async () => {
      const email = newEmail('off-forgot');
      await register(ctx, email);
      const res = await forgot(ctx, email);
      expect(res.statusCode).toBe(202);
      await ctx.app.mailer.flush();
      expect(ctx.app.mailer.mode).toBe('disabled');
      expect(ctx.logs.some((l) => l.includes('mail not sent: SMTP_URL is not set'))).toBe(true);
    });
  });
});
