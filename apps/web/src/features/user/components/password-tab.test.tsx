import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure } from '@/test/test-utils';
import { openProfileDialog } from '../testing/open-profile-dialog';
import { PASSWORD_SET_MESSAGE } from './set-password-form';

const CURRENT = 'old password 1';
const NEW = 'a new calm password';

async function fillForm(
  dialog: HTMLElement,
  values: { current?: string; next?: string; confirm?: string },
) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  if (values.current) await userEvent.type(field('Current password'), values.current);
  if (values.next) await userEvent.type(field('New password'), values.next);
  if (values.confirm) await userEvent.type(field('Confirm new password'), values.confirm);
}

const KEEP_OTHERS = 'Keep me signed in on my other devices';

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));

describe('the Password tab', () => {
  it('says what is missing or wrong and sends nothing', async () => {
    const { dialog, calls } = await openProfileDialog('Password');
    expect(within(dialog).getByText('Use at least 8 characters.')).toBeVisible();
    await submit(dialog);
    expect(await within(dialog).findAllByText("Field can't be empty")).toHaveLength(3);
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await fillForm(dialog, { current: CURRENT, next: 'short', confirm: 'shorter' });
    await submit(dialog);
    expect(await within(dialog).findByText('Passwords are at least 8 characters')).toBeVisible();
    expect(within(dialog).getByText('Passwords do not match')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/password')).toBe(false);
  });

  it('maps a 401 to the current password field and keeps every value', async () => {
    const { dialog, calls } = await openProfileDialog('Password', {
      'POST /auth/password': () =>
        failure(401, 'INVALID_CREDENTIALS', 'The current password is not right'),
    });
    await fillForm(dialog, { current: CURRENT, next: NEW, confirm: NEW });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: KEEP_OTHERS }));
    await submit(dialog);

    const current = within(dialog).getByLabelText('Current password');
    expect(await within(dialog).findByText('The current password is not right')).toBeVisible();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('The current password is not right');
    expect(current).toHaveFocus();
    expect(current).toHaveValue(CURRENT);
    expect(within(dialog).getByLabelText('New password')).toHaveValue(NEW);
    expect(within(dialog).getByLabelText('Confirm new password')).toHaveValue(NEW);
    expect(within(dialog).getByRole('checkbox', { name: KEEP_OTHERS })).toBeChecked();

    const call = calls.find((c) => c.method === 'POST' && c.path === '/auth/password')!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      currentPassword: CURRENT,
      newPassword: NEW,
      confirmPassword: NEW,
      keepOtherSessions: true,
    });
    // A wrong password is not a lost session: the dialog and the session stay.
    expect(screen.getByRole('dialog', { name: 'Your Profile' })).toBeVisible();
  });

  it('changes the password, signs the other devices out by default, says so and empties the form', async () => {
    const { dialog, calls } = await openProfileDialog('Password', {
      'POST /auth/password': () => ({ revoked: 2 }),
    });
    const keep = within(dialog).getByRole('checkbox', { name: KEEP_OTHERS });
    expect(keep).not.toBeChecked();
    await fillForm(dialog, { current: CURRENT, next: NEW, confirm: NEW });
    await submit(dialog);
    const message = 'Your password has been changed, and 2 other sessions were signed out.';
    const result = await within(dialog).findByText(message);
    expect(result.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(within(dialog).getByLabelText('Current password')).toHaveValue('');
    expect(within(dialog).getByLabelText('New password')).toHaveValue('');
    expect(
      calls.find((c) => c.method === 'POST' && c.path === '/auth/password')!.body,
    ).toMatchObject({
      keepOtherSessions: false,
    });
  });

  it.each([
    [1, false, 'Your password has been changed, and 1 other session was signed out.'],
    [0, false, 'Your password has been changed. You were not signed in anywhere else.'],
    [0, true, 'Your password has been changed. Your other devices stay signed in.'],
  ])('with %i other sessions ended (kept: %s), says %j', async (revoked, keepOthers, message) => {
    const { dialog } = await openProfileDialog('Password', {
      'POST /auth/password': () => ({ revoked }),
    });
    await fillForm(dialog, { current: CURRENT, next: NEW, confirm: NEW });
    if (keepOthers) {
      await userEvent.click(within(dialog).getByRole('checkbox', { name: KEEP_OTHERS }));
    }
    await submit(dialog);
    expect(await within(dialog).findByText(message)).toBeVisible();
    // The form is reset: the next change signs the other devices out again.
    expect(within(dialog).getByRole('checkbox', { name: KEEP_OTHERS })).not.toBeChecked();
  });

  it('offers a Google account to set a password instead of a change form it cannot use', async () => {
    const { dialog, calls } = await openProfileDialog('Password', {
      'GET /auth/password': () => ({ hasPassword: false }),
      'PUT /auth/password': () => ({ hasPassword: true }),
    });
    expect(await within(dialog).findByRole('form', { name: 'Set a password' })).toBeVisible();
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New password'), NEW);
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), NEW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText(PASSWORD_SET_MESSAGE)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/auth/password');
    expect(put?.body).toEqual({ newPassword: NEW, confirmPassword: NEW });
  });

  it('says so when setting a password needs a fresh sign-in, keeping the values', async () => {
    const { dialog } = await openProfileDialog('Password', {
      'GET /auth/password': () => ({ hasPassword: false }),
      'PUT /auth/password': () =>
        failure(
          403,
          'REAUTH_REQUIRED',
          'For your safety, sign in again, then set your password within 15 minutes',
        ),
    });
    await userEvent.type(await within(dialog).findByLabelText('New password'), NEW);
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), NEW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your password was not set.');
    expect(alert).toHaveTextContent('sign in again');
    expect(within(dialog).getByLabelText('New password')).toHaveValue(NEW);
  });

  it('shows any other failure inline, keeping the values', async () => {
    const { dialog } = await openProfileDialog('Password', {
      'POST /auth/password': () =>
        failure(429, 'RATE_LIMITED', 'Too many requests, please slow down'),
    });
    await fillForm(dialog, { current: CURRENT, next: NEW, confirm: NEW });
    await submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your password was not changed.');
    expect(alert).toHaveTextContent('Too many requests, please slow down');
    expect(within(dialog).getByLabelText('New password')).toHaveValue(NEW);
  });
});
