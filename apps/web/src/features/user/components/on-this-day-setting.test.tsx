import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Preferences } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildPreferences, expectToast, failure } from '@/test/test-utils';
import { openProfileDialog } from '../testing/open-profile-dialog';
import { ON_THIS_DAY_SETTING_TEXTS } from './on-this-day-setting';

describe('whether On this day shows hard days (decision 076)', { timeout: 20_000 }, () => {
  it('is off for a new account, and saves a change at once', async () => {
    let saved: Preferences = buildPreferences();
    const { dialog, calls } = await openProfileDialog('Profile', {
      'GET /preferences': () => saved,
      'PATCH /preferences': (call) =>
        (saved = { ...saved, ...(call.body as Partial<Preferences>) }),
    });
    const toggle = await within(dialog).findByRole('switch', {
      name: ON_THIS_DAY_SETTING_TEXTS.label,
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(ON_THIS_DAY_SETTING_TEXTS.hint);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/preferences')!;
    expect(patch.body).toEqual({ onThisDayShowsLowDays: true });
  });

  it('goes back and says so when the save fails', async () => {
    const { dialog } = await openProfileDialog('Profile', {
      'GET /preferences': () => buildPreferences(),
      'PATCH /preferences': () => failure(500, 'INTERNAL_ERROR', 'Something went wrong'),
    });
    const toggle = await within(dialog).findByRole('switch', {
      name: ON_THIS_DAY_SETTING_TEXTS.label,
    });
    await userEvent.click(toggle);
    await expectToast(ON_THIS_DAY_SETTING_TEXTS.failure);
    expect(toggle).not.toBeChecked();
  });
});
