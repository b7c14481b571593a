import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Preferences } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildPreferences } from '@/test/test-utils';
import { openProfileDialog } from '../testing/open-profile-dialog';
import { MEASURE_REMINDER_TEXTS } from './measure-reminder-setting';

describe('the questionnaire reminder (decision 083)', { timeout: 20_000 }, () => {
  it('is off for a new account, and saves a change at once', async () => {
    let saved: Preferences = buildPreferences();
    const { dialog, calls } = await openProfileDialog('Profile', {
      'GET /preferences': () => saved,
      'PATCH /preferences': (call) =>
        (saved = { ...saved, ...(call.body as Partial<Preferences>) }),
    });
    const toggle = await within(dialog).findByRole('switch', {
      name: MEASURE_REMINDER_TEXTS.label,
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(MEASURE_REMINDER_TEXTS.hint);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/preferences')!;
    expect(patch.body).toEqual({ measureReminder: true });
  });
});
