import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import { SESSIONS_TO_END_KEY } from '@/lib/sign-out-records';
import { failure, findToast } from '@/test/test-utils';
import { openProfileDialog, PROFILE_USER } from '../testing/open-profile-dialog';

const user = PROFILE_USER;

const openProfile = (handlers: Parameters<typeof openProfileDialog>[1] = {}) =>
  openProfileDialog('Profile', handlers);

describe('the profile dialog', () => {
  it('shows the name (editable), the email (read-only) and the initials for a missing picture', async () => {
    await openProfile();
    expect(screen.getByLabelText('Username')).toHaveValue('Ada Lovelace');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getAllByText('AL').length).toBeGreaterThan(0);
  });

  it("says 'This field can't be empty' for an empty name and saves nothing", async () => {
    const { calls } = await openProfile();
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("This field can't be empty")).toBeVisible();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves the name and says so', async () => {
    let current = user;
    const { calls } = await openProfile({
      'GET /user': () => current,
      'PATCH /user': (call) => (current = { ...current, ...(call.body as object) }),
    });
    const name = screen.getByLabelText('Username');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('Successfuly updated user data')).toBeVisible();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ name: 'Ada King' });
    expect(patch.url.searchParams.get('id')).toBe(user.id);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /open profile: ada king/i })).toBeVisible(),
    );
  });

  it('keeps what was typed when saving fails', async () => {
    await openProfile({ 'PATCH /user': () => failure(500, 'INTERNAL_ERROR', 'Oops') });
    const name = screen.getByLabelText('Username');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Oops, something went wrong while trying to update the user data'),
    ).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveValue('Ada King');
  });

  it('logs out: ends the session, clears the storage and the cache, and goes to the landing page', async () => {
    const { calls, router, queryClient } = await openProfile({ 'POST /auth/logout': () => null });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/landing'));
    const logout = calls.find((c) => c.path === '/auth/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.headers.get('Authorization')).toBe('Bearer test-token');
    expect(readStoredSession()).toEqual({ token: null, userId: null });
    // No cached data is left (a disabled, empty user query may exist while the page unmounts).
    const withData = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data !== undefined);
    expect(withData).toHaveLength(0);
  });

  it('does not wait for the server: leaves for the landing page, then closes the dialog', async () => {
    let answer!: (value: null) => void;
    const { router, dialog } = await openProfile({
      'POST /auth/logout': () => new Promise<null>((resolve) => (answer = resolve)),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/landing'));
    expect(readStoredSession()).toEqual({ token: null, userId: null });
    // Closed after the navigation: a close takes the dialog's history entry back a moment later,
    // and a Back before the landing page had replaced it landed on the page just left.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your Profile' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/home/landing');
    answer(null);
  });

  it('logs out at once with no network, and ends the session once it is back (decision 065)', async () => {
    let isOnline = false;
    const { calls, router } = await openProfile({
      'POST /auth/logout': () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        return null;
      },
    });
    onlineManager.setOnline(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/home/landing'));
      expect(readStoredSession()).toEqual({ token: null, userId: null });
      expect(window.localStorage.getItem(SESSIONS_TO_END_KEY)).toBe(JSON.stringify(['test-token']));
    } finally {
      onlineManager.setOnline(true);
    }
    isOnline = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(window.localStorage.getItem(SESSIONS_TO_END_KEY)).toBeNull());
    const ends = calls.filter((c) => c.path === '/auth/logout');
    expect(ends.at(-1)?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const { router } = await openProfile({
      'POST /auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/landing'));
    expect(readStoredSession().token).toBeNull();
  });
});

describe('the profile dialog tabs', () => {
  it('opens on Profile and moves between the tabs with the arrow keys, Home and End', async () => {
    const { dialog } = await openProfile({ 'GET /auth/sessions': () => [] });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Sessions',
      'Password',
      'Your data',
    ]);
    const profile = within(dialog).getByRole('tab', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-selected', 'true');
    expect(profile).toHaveAttribute('tabindex', '0');
    expect(within(dialog).getByRole('tabpanel', { name: 'Profile' })).toContainElement(
      within(dialog).getByLabelText('Username'),
    );

    profile.focus();
    await userEvent.keyboard('{ArrowDown}');
    const sessions = within(dialog).getByRole('tab', { name: 'Sessions' });
    expect(sessions).toHaveFocus();
    expect(sessions).toHaveAttribute('aria-selected', 'true');
    expect(profile).toHaveAttribute('tabindex', '-1');
    expect(within(dialog).getByRole('tabpanel', { name: 'Sessions' })).toBeVisible();
    // Only the shown tab is in the page: the profile form is gone.
    expect(within(dialog).queryByLabelText('Username')).not.toBeInTheDocument();

    await userEvent.keyboard('{End}');
    expect(within(dialog).getByRole('tab', { name: 'Your data' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(profile).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('tab', { name: 'Your data' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Home}');
    expect(profile).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText('Username')).toHaveValue('Ada Lovelace');
  });

  it('still closes on Escape from a tab', async () => {
    const { dialog } = await openProfile({ 'GET /auth/sessions': () => [] });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Password' }));
    // Escape is ignored within 100 ms of opening; a fast machine gets here sooner than that.
    await new Promise((r) => setTimeout(r, 150));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
