import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import { takeLandingNotices } from '@/lib/landing-notices';
import {
  buildUser,
  captureConsoleErrors,
  failure,
  json,
  landingPageLoads,
  mockApi,
  renderApp,
  expectToast,
} from '@/test/test-utils';

describe('/auth/callback', () => {
  it('exchanges the code without a bearer, saves the session and goes on by the login rule', async () => {
    const user = buildUser({ hasOnboarded: false });
    const { calls } = mockApi({
      'GET /auth/google': () => json(200, { status: 'success', token: 'g-tok', userData: user }),
      'GET /user': () => user,
    });
    const { router } = renderApp('/auth/callback?code=abc123&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/step-1'));
    const exchange = calls.find((c) => c.path === '/auth/google')!;
    expect(exchange.url.searchParams.get('credential')).toBe('abc123');
    expect(exchange.url.searchParams.get('state')).toBe('xyz');
    expect(exchange.headers.get('Authorization')).toBeNull();
    expect(calls.filter((c) => c.path === '/auth/google')).toHaveLength(1);
    expect(readStoredSession()).toEqual({ token: 'g-tok', userId: user.id });
  });

  it("passes the provider's iss on with the code (RFC 9207)", async () => {
    const user = buildUser({ hasOnboarded: true });
    const { calls } = mockApi({
      'GET /auth/google': () => json(200, { status: 'success', token: 'g-tok', userData: user }),
      'GET /user': () => user,
      'GET /goal': () => null,
    });
    const { router } = renderApp(
      '/auth/callback?code=abc123&state=xyz&iss=http%3A%2F%2Flocalhost%3A3000%2Fdev-oidc',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    const exchange = calls.find((c) => c.path === '/auth/google')!;
    expect(exchange.url.searchParams.get('iss')).toBe('http://localhost:3000/dev-oidc');
  });

  it('logs the error and goes back to the landing page, which says the login failed', async () => {
    mockApi({ 'GET /auth/google': () => failure(400, 'BAD_REQUEST', 'The sign-in expired') });
    const errors = captureConsoleErrors();
    renderApp('/auth/callback?code=stale&state=old');
    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    // Left for the landing page's script, which says it (landing-script.test.ts).
    expect(takeLandingNotices()).toEqual(new Set(['sign-in-failed']));
    expect(errors.calls).toHaveLength(1);
    expect(errors.calls[0]![0]).toMatchObject({ message: 'The sign-in expired' });
    expect(readStoredSession().token).toBeNull();
    errors.release();
  });

  it('says why Google may not open a password account whose email is not confirmed, and offers the login', async () => {
    const message =
      'An account with this email already signs in with a password, and its email is not verified yet.';
    mockApi({ 'GET /auth/google': () => failure(409, 'ACCOUNT_NOT_VERIFIED', message) });
    const { router } = renderApp('/auth/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectToast(message);
    expect(screen.queryByText('Something went wrong while trying to log in')).toBeNull();
    expect(landingPageLoads()).toBe(0);
    expect(readStoredSession().token).toBeNull();
  });

  it('fails the same way without a code', async () => {
    const { calls } = mockApi({});
    const errors = captureConsoleErrors();
    renderApp('/auth/callback?error=access_denied');
    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    expect(takeLandingNotices()).toEqual(new Set(['sign-in-failed']));
    expect(errors.calls[0]![0]).toMatchObject({ message: 'access_denied' });
    expect(calls).toHaveLength(0);
    errors.release();
  });
});
