import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { openProfileDialog, PROFILE_USER } from '../testing/open-profile-dialog';
import { ACTIVITIES_SETTING_TEXT } from './activities-setting';

const WALK: Activity = {
  id: '00000000-0000-4000-8000-00000000c001',
  name: 'Walk',
  group: 'health',
  icon: 'Footprints',
  position: 0,
  isArchived: false,
};

describe('the profile’s way to the activities', () => {
  it('explains them and opens the activities dialog in place of the profile', async () => {
    const { dialog, calls } = await openProfileDialog('Profile', {
      'GET /activities': () => [WALK],
    });
    const section = within(dialog).getByRole('region', { name: 'Your activities' });
    expect(within(section).getByText(ACTIVITIES_SETTING_TEXT)).toBeVisible();
    const button = within(section).getByRole('button', { name: 'Edit activities' });
    // Inside the profile's form, it must not submit it.
    expect(button).toHaveAttribute('type', 'button');

    await userEvent.click(button);
    const activities = await screen.findByRole(
      'dialog',
      { name: 'Your activities' },
      { timeout: 15_000 },
    );
    expect(await within(activities).findByRole('button', { name: 'Edit Walk' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Your Profile' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/user')).toBe(false);
    const list = calls.find((c) => c.path === '/activities')!;
    expect(list.url.searchParams.get('id')).toBe(PROFILE_USER.id);
  });
});
