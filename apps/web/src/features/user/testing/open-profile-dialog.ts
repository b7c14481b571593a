import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBrowserTimeZone } from '@/lib/format';
import { buildUser, mockApi, renderApp, saveSession } from '@/test/test-utils';

/** A signed-in user whose day is settled, so no daily dialog competes with the profile. */
export const PROFILE_USER = buildUser({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  mood: 'Happy',
  hasSetMoodToday: true,
  timeZone: getBrowserTimeZone() ?? 'UTC',
});

type Handlers = Parameters<typeof mockApi>[0];

/**
 * Renders the app signed in on a quiet page, opens the profile dialog from the navigation and,
 * when asked, one of its tabs.
 */
export async function openProfileDialog(
  tab: 'Profile' | 'Sessions' | 'Password' | 'Your data' = 'Profile',
  handlers: Handlers = {},
) {
  saveSession(PROFILE_USER);
  const api = mockApi({
    'GET /user': () => PROFILE_USER,
    'GET /goal': () => null,
    'GET /auth/password': () => ({ hasPassword: true }),
    // The sessions tab lists the links for a clinician too (decision 084): none unless asked.
    'GET /report-links': () => [],
    ...handlers,
  });
  const view = renderApp('/app/result', { width: 1400 });
  // The page and the dialog load lazily: their first import in a file is transformed on demand,
  // which a busy machine takes longer than the usual wait for.
  const lazyLoad = { timeout: 15_000 };
  await userEvent.click(
    await screen.findByRole('button', { name: /open profile: ada lovelace/i }, lazyLoad),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Your Profile' }, lazyLoad);
  await within(dialog).findByLabelText('Username');
  if (tab !== 'Profile') await userEvent.click(within(dialog).getByRole('tab', { name: tab }));
  // The password tab first asks whether the account has a password at all.
  if (tab === 'Password') await within(dialog).findByLabelText('New password');
  return { ...view, ...api, dialog };
}
