import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterBodySchema } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import { buildUser, failure, json, mockApi, renderApp } from '@/test/test-utils';
import { RegisterFormSchema } from '../form-schemas';

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create an Account' });
  return view;
}

async function fill(values: Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>) {
  if (values.name) await userEvent.type(screen.getByLabelText('Username'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm)
    await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirm);
}

describe('the register page', () => {
  it("says 'Field can't be empty' for each empty field and asks for the terms", async () => {
    const { calls } = mockApi({});
    await openRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText("Field can't be empty")).toHaveLength(4);
    expect(screen.getByText('Please accept the terms')).toBeVisible();
    // The page asks which sign-in the server offers; the form itself calls nothing.
    expect(calls.filter((c) => c.path !== '/auth/providers')).toHaveLength(0);
  });

  it("checks the email with the API's own rule before sending anything", async () => {
    const { calls } = mockApi({});
    await openRegister();
    await fill({
      name: 'Ada',
      email: 'ada@example',
      password: 'long enough',
      confirm: 'long enough',
    });
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of use/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a server 400 in words a person reads, never the raw field path', async () => {
    mockApi({
      'POST /auth/register': () =>
        json(400, {
          status: 'fail',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Invalid body.email: Enter a valid email address',
          requestId: 'req-1',
          issues: [{ path: 'body.email', message: 'Enter a valid email address' }],
        }),
    });
    await openRegister();
    await fill({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'long enough',
      confirm: 'long enough',
    });
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of use/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByText('Please check the highlighted fields and try again.')).toBeVisible();
    expect(screen.queryByText(/body\.email/)).not.toBeInTheDocument();
  });

  it('hints at 8 characters and links to the login page', async () => {
    await openRegister();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('at least 8 characters'),
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('links the Terms of Use and the Privacy Policy from the checkbox, opening beside the form', async () => {
    await openRegister();
    const box = screen.getByRole('checkbox', { name: /terms of use/i });
    for (const [name, href] of [
      [/^Terms of Use/, '/terms'],
      [/^Privacy Policy/, '/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleName(expect.stringContaining('opens in a new tab'));
    }
    expect(box).not.toBeChecked();
  });

  it('checks that the passwords match', async () => {
    await openRegister();
    await fill({ password: 'long enough', confirm: 'different!' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
  });

  it('creates the account with the time zone and goes to onboarding step 1', async () => {
    const user = buildUser({ hasOnboarded: false, name: 'Grace' });
    const { calls } = mockApi({
      'POST /auth/register': () => json(201, { status: 'success', token: 'tok-2', userData: user }),
      'GET /user': () => user,
    });
    const { router } = await openRegister();
    await fill({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'long enough',
      confirm: 'long enough',
    });
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of use/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/step-1'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
      terms: true,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(readStoredSession()).toEqual({ token: 'tok-2', userId: user.id });
  });

  it("shows the server's message and keeps the values on failure", async () => {
    mockApi({
      'POST /auth/register': () =>
        failure(409, 'EMAIL_TAKEN', 'An account with this email already exists'),
    });
    await openRegister();
    await fill({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'long enough',
      confirm: 'long enough',
    });
    await userEvent.click(screen.getByRole('checkbox', { name: /terms of use/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    );
    expect(screen.getByLabelText('Username')).toHaveValue('Grace');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByRole('checkbox', { name: /terms of use/i })).toBeChecked();
  });
});

describe("the register form's rules", () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'a long password',
    confirmPassword: 'a long password',
    terms: true,
  };
  // An empty field says SPEC.md's 'Field can't be empty' first (tested above); past that, the
  // form's rules are the contract's, in its words.
  const cases: Record<string, Partial<typeof valid> | Record<string, unknown>> = {
    'a valid registration': {},
    'a name of 61 letters': { name: 'a'.repeat(61) },
    'a name of 60 letters': { name: 'a'.repeat(60) },
    'an email without a domain': { email: 'ada@' },
    'an email of 255 characters': { email: `${'a'.repeat(243)}@example.com` },
    'a password of 7 characters': { password: 'abcdefg', confirmPassword: 'abcdefg' },
    'a password of 129 characters': {
      password: 'p'.repeat(129),
      confirmPassword: 'p'.repeat(129),
    },
    'a confirmation of 129 characters': { confirmPassword: 'p'.repeat(129) },
    'a confirmation that differs': { confirmPassword: 'another password' },
    'the terms not accepted': { terms: false },
  };

  it.each(Object.entries(cases))(
    "are the shared contract's: %s is told the API's words on the same field",
    (_name, change) => {
      const values = { ...valid, ...change };
      const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
        (result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[];
      const form = issuesOf(RegisterFormSchema.safeParse(values));
      const contract = issuesOf(RegisterBodySchema.safeParse(values));
      const byField = (issues: { path: PropertyKey[]; message: string }[]) =>
        Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));
      expect(byField(form)).toEqual(byField(contract));
    },
  );
});
