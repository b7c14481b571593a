import type { AuthAnswer } from '@wellspring/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/app';
import { startSmtpServer } from '../../../test/smtp';

export const API = '/api/v1';
export const PUBLIC_URL = 'https://wellspring.example.test';
export const PASSWORD = 'a long enough password';
export const HOUR_MS = 60 * 60_000;

let counter = 0;
export function newEmail(label: string) {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@example.test`;
}

export async function register(ctx: TestContext, email: string, name = 'Robin Reader') {
  const res = await call(ctx.app, 'POST', `${API}/auth/register`, {
    body: { name, email, password: PASSWORD, confirmPassword: PASSWORD, terms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AuthAnswer;
}

export const getUser = (ctx: TestContext, answer: { token: string; userData: { id: string } }) =>
  call(ctx.app, 'GET', `${API}/user?id=${answer.userData.id}`, { token: answer.token });

export const verify = (ctx: TestContext, token: unknown, prefix = API) =>
  call(ctx.app, 'POST', `${prefix}/auth/verify-email`, { body: { token } });

export const resend = (ctx: TestContext, token: string) =>
  call(ctx.app, 'POST', `${API}/auth/verify-email/resend`, { token });

export const forgot = (ctx: TestContext, email: string) =>
  call(ctx.app, 'POST', `${API}/auth/forgot-password`, { body: { email } });

export const reset = (ctx: TestContext, token: string, password = 'a brand new password') =>
  call(ctx.app, 'POST', `${API}/auth/reset-password`, {
    body: { token, password, confirmPassword: password },
  });

export const login = (ctx: TestContext, email: string, password: string) =>
  call(ctx.app, 'POST', `${API}/auth/login`, { body: { email, password } });

export type MailServer = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * The test app sending its mail to a real SMTP server on loopback, for the describe block that
 * calls it: started before its tests, closed after them, the clock set before each. Read the
 * fields in a hook or a test (they are filled in by the first beforeAll).
 */
export function useMailingApp(): { smtp: MailServer; ctx: TestContext } {
  const mailing = {} as { smtp: MailServer; ctx: TestContext };
  beforeAll(async () => {
    mailing.smtp = await startSmtpServer();
    mailing.ctx = await createTestApp({
      env: {
        SMTP_URL: mailing.smtp.url,
        PUBLIC_URL,
        MAIL_FROM: 'Wellspring <hello@wellspring.example.test>',
      },
    });
  });
  afterAll(async () => {
    await mailing.ctx.close();
    await mailing.smtp.close();
  });
  beforeEach(() => mailing.ctx.clock.set('2026-03-10T12:00:00.000Z'));
  return mailing;
}
