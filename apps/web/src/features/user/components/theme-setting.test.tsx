import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Preferences } from '@wellspring/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { mockSystemColorScheme, resetDocumentTheme } from '@/test/color-scheme';
import { buildPreferences, failure, expectToast } from '@/test/test-utils';
import { openProfileDialog } from '../testing/open-profile-dialog';
import { THEME_SAVE_FAILURE_MESSAGE } from './theme-setting';

const html = document.documentElement;

afterEach(() => resetDocumentTheme());

/** The profile dialog with an API that keeps the preferences it is sent. */
async function openWithPreferences(
  initial: Preferences = buildPreferences(),
  extra: Parameters<typeof openProfileDialog>[1] = {},
) {
  let stored = initial;
  const view = await openProfileDialog('Profile', {
    'GET /preferences': () => stored,
    'PATCH /preferences': (call) => (stored = { ...stored, ...(call.body as object) }),
    ...extra,
  });
  const group = within(view.dialog).getByRole('radiogroup', { name: 'Theme' });
  // The options wait for the account's theme.
  await waitFor(() => {
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeEnabled();
  });
  return { ...view, group, stored: () => stored };
}

describe('the theme in the profile dialog', () => {
  it('waits for the account’s theme before offering a choice', async () => {
    mockSystemColorScheme(false);
    let answer: (value: Preferences) => void = () => {};
    const { dialog } = await openProfileDialog('Profile', {
      'GET /preferences': () => new Promise<Preferences>((resolve) => (answer = resolve)),
    });
    const dark = within(dialog).getByRole('radio', { name: 'Dark' });
    expect(dark).toBeDisabled();
    answer(buildPreferences({ theme: 'dark' }));
    await waitFor(() => expect(dark).toBeEnabled());
    expect(dark).toBeChecked();
  });

  it('offers Light, Dark and System as one radio group named Theme', async () => {
    mockSystemColorScheme(false);
    const { group } = await openWithPreferences();
    const names = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'));
    expect(names).toEqual(['light', 'dark', 'system']);
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked());
  });

  it('restores the account’s theme from GET: Dark on a light system', async () => {
    mockSystemColorScheme(false);
    const { group, calls } = await openWithPreferences(buildPreferences({ theme: 'dark' }));
    await waitFor(() => expect(html).toHaveClass('dark'));
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    const get = calls.find((c) => c.method === 'GET' && c.path === '/preferences')!;
    expect(get.url.searchParams.get('id')).toBe(
      calls.find((c) => c.path === '/user')!.url.searchParams.get('id'),
    );
  });

  it('applies a choice at once, keeps it on the device and saves it with PATCH', async () => {
    mockSystemColorScheme(false);
    const { group, calls, stored } = await openWithPreferences();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked());
    expect(html).not.toHaveClass('dark');

    await userEvent.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(stored().theme).toBe('dark'));
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/preferences')!;
    expect(patch.body).toEqual({ theme: 'dark' });

    await userEvent.click(within(group).getByRole('radio', { name: 'Light' }));
    expect(html).not.toHaveClass('dark');
    await waitFor(() => expect(stored().theme).toBe('light'));
  });

  it('is chosen with the arrow keys like any radio group', async () => {
    mockSystemColorScheme(false);
    const { group, stored } = await openWithPreferences(buildPreferences({ theme: 'light' }));
    const light = within(group).getByRole('radio', { name: 'Light' });
    await waitFor(() => expect(light).toBeChecked());
    light.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(html).toHaveClass('dark');
    await waitFor(() => expect(stored().theme).toBe('dark'));
  });

  it('with System, follows the system when it switches', async () => {
    const system = mockSystemColorScheme(false);
    const { group } = await openWithPreferences();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked());
    expect(html).not.toHaveClass('dark');
    system.setSystemDark(true);
    expect(html).toHaveClass('dark');
    system.setSystemDark(false);
    expect(html).not.toHaveClass('dark');
  });

  it('with Dark, stays dark when the system switches to light', async () => {
    const system = mockSystemColorScheme(true);
    await openWithPreferences(buildPreferences({ theme: 'dark' }));
    await waitFor(() => expect(html).toHaveClass('dark'));
    system.setSystemDark(false);
    expect(html).toHaveClass('dark');
  });

  it('goes back to the theme before and says so when saving fails', async () => {
    mockSystemColorScheme(false);
    const { group } = await openWithPreferences(buildPreferences({ theme: 'light' }), {
      'PATCH /preferences': () => failure(500, 'INTERNAL_ERROR', 'Oops'),
    });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked());
    await userEvent.click(within(group).getByRole('radio', { name: 'Dark' }));
    await expectToast(THEME_SAVE_FAILURE_MESSAGE);
    expect(html).not.toHaveClass('dark');
    expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('forgets the device theme at logout and follows the system again', async () => {
    mockSystemColorScheme(false);
    const { dialog } = await openWithPreferences(buildPreferences({ theme: 'dark' }), {
      'POST /auth/logout': () => ({}),
    });
    await waitFor(() => expect(html).toHaveClass('dark'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(html).not.toHaveClass('dark'));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
