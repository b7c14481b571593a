import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import { buildUser, failure, json, mockApi, renderApp } from '@/test/test-utils';

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
  return view;
}

describe('the login page', () => {
  it("says 'Field can't be empty' under each empty field and calls nothing", async () => {
    const { calls } = mockApi({});
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findAllByText("Field can't be empty")).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    // The page asks which sign-in the server offers; the form itself calls nothing.
    expect(calls.filter((c) => c.path !== '/auth/providers')).toHaveLength(0);
  });

  it('has a Back link to the landing page and a Sign Up link', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home/landing');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  it.each([
    [true, '/app/dashboard'],
    [false, '/onboarding/step-1'],
  ])('logs in (hasOnboarded %s) and goes to %s', async (hasOnboarded, target) => {
    const user = buildUser({ hasOnboarded });
    const { calls } = mockApi({
      'POST /auth/login': () => json(200, { status: 'success', token: 'tok-1', userData: user }),
      'GET /user': () => user,
      'GET /goal': () => null,
    });
    const { router } = await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(readStoredSession()).toEqual({ token: 'tok-1', userId: user.id });
  });

  it("shows the server's message and keeps the values when login fails", async () => {
    mockApi({
      'POST /auth/login': () => failure(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'),
    });
    const { router } = await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
    expect(router.state.location.pathname).toBe('/login');
    expect(readStoredSession().token).toBeNull();
  });

  it('puts a validation issue from the server under its field', async () => {
    mockApi({
      'POST /auth/login': () =>
        json(400, {
          status: 'fail',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Invalid body.email: Enter a valid email address',
          issues: [{ path: 'body.email', message: 'Enter a valid email address' }],
        }),
    });
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address',
    );
  });
});
