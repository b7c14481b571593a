import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import {
  buildUser,
  failure,
  json,
  mockApi,
  renderApp,
  saveSession,
  TEST_TOKEN,
  expectToast,
} from '@/test/test-utils';

const LINK_TOKEN = 'a'.repeat(43);
const LINK_INVALID = 'This link has expired or has already been used. Please ask for a new one.';

/** Resolves a pending answer by hand, to look at the page while a call is in flight. */
function deferred() {
  let resolve: (value: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the login page', () => {
  it('links to "Forgot password?"', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('the forgot-password page', () => {
  async function open() {
    const view = renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    return view;
  }

  it('needs an email and calls nothing without one', async () => {
    const { calls } = mockApi({});
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText("Field can't be empty")).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it.each(['ada@example.com', 'nobody@example.com'])(
    'says the same for every address (%s): a link was sent if an account exists',
    async (email) => {
      const { calls } = mockApi({
        'POST /auth/forgot-password': () => json(202, { status: 'success', data: null }),
      });
      await open();
      await userEvent.type(screen.getByLabelText('Email'), email);
      await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(
        `If an account exists for ${email}, we’ve sent it a link to choose a new password.`,
      );
      expect(within(status).getByRole('link', { name: 'Back to login' })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(calls.find((c) => c.path === '/auth/forgot-password')!.body).toEqual({ email });
    },
  );

  it("shows the server's message when asked too often", async () => {
    mockApi({
      'POST /auth/forgot-password': () =>
        failure(429, 'RATE_LIMITED', 'Too many requests, please try again later'),
    });
    await open();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('has no Google button: it is not a sign-in page', async () => {
    await open();
    expect(screen.queryByText('Continue with Google')).not.toBeInTheDocument();
  });
});

describe('the reset-password page', () => {
  async function open(path = `/reset-password#token=${LINK_TOKEN}`) {
    const view = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    return view;
  }

  async function fill(password: string, confirm = password) {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('checks the password rules before calling', async () => {
    const { calls } = mockApi({});
    await open();
    await fill('short');
    expect(await screen.findByText('Passwords are at least 8 characters')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await fill('a long password', 'a different one');
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('sends the token from the link with the new password, then signs this browser out', async () => {
    saveSession(buildUser());
    const { calls } = mockApi({
      'POST /auth/reset-password': () => json(200, { status: 'success', data: { revoked: 2 } }),
    });
    await open();
    await fill('a brand new password');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is changed. You are signed out everywhere, to be safe.',
    );
    expect(calls.find((c) => c.path === '/auth/reset-password')!.body).toEqual({
      token: LINK_TOKEN,
      password: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(screen.getByRole('link', { name: 'Log in with the new password' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(readStoredSession().token).toBeNull();
  });

  it('reads the token from ?token= too', async () => {
    const { calls } = mockApi({
      'POST /auth/reset-password': () => json(200, { status: 'success', data: { revoked: 0 } }),
    });
    await open(`/reset-password?token=${LINK_TOKEN}`);
    await fill('a brand new password');
    await screen.findByRole('status');
    const sent = calls.find((c) => c.path === '/auth/reset-password')!;
    expect((sent.body as { token: string }).token).toBe(LINK_TOKEN);
  });

  it('says when the link is used or expired, and offers a new one', async () => {
    mockApi({ 'POST /auth/reset-password': () => failure(400, 'LINK_INVALID', LINK_INVALID) });
    await open();
    await fill('a brand new password');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says a link without its token is incomplete, and calls nothing', async () => {
    const { calls } = mockApi({});
    await open('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the verify-email page', () => {
  it('posts the token of the link once and says the email is confirmed', async () => {
    const { calls } = mockApi({
      'POST /auth/verify-email': () =>
        json(200, { status: 'success', data: { emailVerified: true } }),
    });
    renderApp(`/verify-email#token=${LINK_TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    expect(await screen.findByText('Your email is confirmed. Thank you!')).toBeVisible();
    expect(calls.filter((c) => c.path === '/auth/verify-email')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/auth/verify-email')!.body).toEqual({
      token: LINK_TOKEN,
    });
    // Signed out: the way on is the login page.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says when a link is used or expired, and asks a visitor to log in for a new one', async () => {
    mockApi({ 'POST /auth/verify-email': () => failure(400, 'LINK_INVALID', LINK_INVALID) });
    renderApp(`/verify-email#token=${LINK_TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LINK_INVALID);
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
  });

  it('offers a signed-in user a new link', async () => {
    const user = buildUser({ emailVerified: false });
    saveSession(user);
    const { calls } = mockApi({
      'GET /user': () => user,
      'POST /auth/verify-email': () => failure(400, 'LINK_INVALID', LINK_INVALID),
      'POST /auth/verify-email/resend': () => json(202, { status: 'success', data: null }),
    });
    renderApp(`/verify-email#token=${LINK_TOKEN}`);
    await screen.findByRole('alert');
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    await expectToast(`We sent a new link to ${user.email}`);
    const resend = calls.find((c) => c.path === '/auth/verify-email/resend')!;
    expect(resend.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('says a link without its token is incomplete, and calls nothing', async () => {
    const { calls } = mockApi({});
    renderApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(calls).toHaveLength(0);
  });
});

describe('the banner for an unconfirmed email', () => {
  function openApp(user = buildUser(), handlers: Parameters<typeof mockApi>[0] = {}) {
    saveSession(user);
    const api = mockApi({ 'GET /user': () => user, 'GET /goal': () => null, ...handlers });
    return { ...renderApp('/app/result'), ...api };
  }

  it('asks an unverified password account to confirm, and resends the link', async () => {
    const pending = deferred();
    const user = buildUser({ emailVerified: false });
    const { calls } = openApp(user, { 'POST /auth/verify-email/resend': () => pending.promise });
    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(banner).toHaveTextContent(`we sent a link to ${user.email}`);
    const button = within(banner).getByRole('button', { name: 'Resend link' });
    await userEvent.click(button);
    // Disabled while the call is in flight: a second click sends nothing more.
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.click(button);
    pending.resolve(json(202, { status: 'success', data: null }));
    await expectToast(`We sent a new link to ${user.email}`);
    await waitFor(() => expect(button).toBeEnabled());
    expect(calls.filter((c) => c.path === '/auth/verify-email/resend')).toHaveLength(1);
  });

  it("shows the server's answer when a link went out a moment ago", async () => {
    openApp(buildUser({ emailVerified: false }), {
      'POST /auth/verify-email/resend': () =>
        failure(429, 'RATE_LIMITED', 'We sent you a link a moment ago.'),
    });
    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Resend link' }));
    await expectToast('We sent you a link a moment ago.');
  });

  it.each([
    ['a confirmed email', true],
    ['a server that does not verify emails', null],
  ])('is not shown for %s', async (_label, emailVerified) => {
    openApp(buildUser({ emailVerified }));
    await screen.findByRole('heading', { level: 1, name: 'Result' });
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
  });
});
