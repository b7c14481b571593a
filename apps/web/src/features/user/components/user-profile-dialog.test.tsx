import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DIALOG_CLOSE_MS } from '@/config/dialogs';
import { readStoredSession } from '@/lib/auth-storage';
import { finishSignOuts } from '@/lib/sessions-to-end';
import { SESSIONS_TO_END_KEY } from '@/lib/sign-out-records';
import { loadLandingPage } from '@/lib/landing-page';
import { failure, expectToast, landingPageLoads } from '@/test/test-utils';
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
    await expectToast('Successfuly updated user data');
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

  it('logs out: clears the storage and the cache, and leaves ending the session to the landing page', async () => {
    const { calls, queryClient } = await openProfile({ 'POST /auth/logout': () => null });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    expect(readStoredSession()).toEqual({ token: null, userId: null });
    // No cached data is left (a disabled, empty user query may exist while the page unmounts).
    const withData = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data !== undefined);
    expect(withData).toHaveLength(0);
    // The landing page's script is the one sender: a request this page had under way as it was
    // left could fail here, go back on the list, and be sent twice (401).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === '/auth/logout')).toBe(false);
    expect(window.localStorage.getItem(SESSIONS_TO_END_KEY)).toBe(JSON.stringify(['test-token']));
    await finishSignOuts();
    const logout = calls.find((c) => c.path === '/auth/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.headers.get('Authorization')).toBe('Bearer test-token');
    expect(window.localStorage.getItem(SESSIONS_TO_END_KEY)).toBeNull();
  });

  it('does not wait for the server: signs out, then loads the landing page, and never steps back', async () => {
    const { dialog } = await openProfile();
    const back = vi.spyOn(window.history, 'back');
    let sessionAtLoad: unknown;
    vi.mocked(loadLandingPage).mockImplementationOnce(() => {
      sessionAtLoad = readStoredSession();
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    // The device was signed out before the page was left (decision 065).
    expect(sessionAtLoad).toEqual({ token: null, userId: null });
    // The dialog never takes its history entry back: that Back could cancel the load.
    await new Promise((resolve) => setTimeout(resolve, DIALOG_CLOSE_MS + 50));
    expect(back).not.toHaveBeenCalled();
    back.mockRestore();
  });

  it('logs out at once with no network, and ends the session once it is back (decision 065)', async () => {
    let isOnline = false;
    const { calls } = await openProfile({
      'POST /auth/logout': () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        return null;
      },
    });
    onlineManager.setOnline(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
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
    await openProfile({
      'POST /auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
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
