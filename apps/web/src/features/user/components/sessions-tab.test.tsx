import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { failure, expectToast } from '@/test/test-utils';
import { buildReportLink, buildSession } from '@/test/factories';
import { openProfileDialog } from '../testing/open-profile-dialog';

const THIS_DEVICE = buildSession({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  device: 'Chrome on Linux',
  createdAt: '2026-11-19T08:00:00.000Z',
  lastUsedAt: '2026-11-21T10:30:00.000Z',
  current: true,
});
const PHONE = buildSession({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  device: 'Safari on iOS',
  createdAt: '2026-11-02T09:15:00.000Z',
  lastUsedAt: '2026-11-20T18:40:00.000Z',
});
const LAPTOP = buildSession({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  device: 'Firefox on Windows',
  createdAt: '2026-10-01T07:00:00.000Z',
  lastUsedAt: '2026-11-21T11:00:00.000Z',
});

/** The API's sessions, which the handlers change as the real server would. */
function sessionsApi(initial: Session[]) {
  let sessions = initial;
  return {
    handlers: {
      'GET /auth/sessions': () => sessions,
      [`DELETE /auth/sessions/${PHONE.id}`]: () => {
        sessions = sessions.filter((s) => s.id !== PHONE.id);
        return { revoked: 1 };
      },
      'POST /auth/sessions/end-others': () => {
        const revoked = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return { revoked };
      },
    },
  };
}

const en = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

describe('the Sessions tab', () => {
  it('lists the sessions, this device first, with US English dates and End for the others', async () => {
    const { handlers } = sessionsApi([PHONE, THIS_DEVICE, LAPTOP]);
    const { dialog, calls } = await openProfileDialog('Sessions', handlers);
    const list = await within(dialog).findByRole('list', { name: 'Signed-in sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/ on /).textContent)).toEqual([
      'Chrome on Linux',
      'Firefox on Windows',
      'Safari on iOS',
    ]);
    expect(within(rows[0]!).getByText('This device')).toBeVisible();
    expect(within(rows[0]!).queryByRole('button', { name: /^End/ })).not.toBeInTheDocument();
    const phoneRow = rows[2]!;
    expect(within(phoneRow).queryByText('This device')).not.toBeInTheDocument();
    expect(within(phoneRow).getByText(en(PHONE.createdAt))).toHaveAttribute(
      'datetime',
      PHONE.createdAt,
    );
    expect(within(phoneRow).getByText(en(PHONE.lastUsedAt))).toBeVisible();
    expect(en(PHONE.createdAt)).toMatch(/^November 2, 2026 at \d{1,2}:15 (AM|PM)$/);
    expect(
      within(phoneRow).getByRole('button', { name: /^End session on Safari on iOS/ }),
    ).toBeEnabled();
    const request = calls.find((c) => c.path === '/auth/sessions')!;
    expect(request.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('ends one session: calls DELETE with its id, says so and drops it from the list', async () => {
    const { handlers } = sessionsApi([THIS_DEVICE, PHONE, LAPTOP]);
    const { dialog, calls } = await openProfileDialog('Sessions', handlers);
    const end = await within(dialog).findByRole('button', {
      name: /^End session on Safari on iOS/,
    });
    await userEvent.click(end);
    await expectToast('Signed out Safari on iOS');
    const deleted = calls.find((c) => c.method === 'DELETE')!;
    expect(deleted.path).toBe(`/auth/sessions/${PHONE.id}`);
    await waitFor(() =>
      expect(within(dialog).queryByText('Safari on iOS')).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('Firefox on Windows')).toBeVisible();
    // The pressed button went with its row: focus stays in the dialog, on the heading.
    expect(within(dialog).getByRole('heading', { name: "Where you're signed in" })).toHaveFocus();
  });

  it('says so when ending a session fails, and keeps it listed', async () => {
    const { handlers } = sessionsApi([THIS_DEVICE, PHONE]);
    const { dialog } = await openProfileDialog('Sessions', {
      ...handlers,
      [`DELETE /auth/sessions/${PHONE.id}`]: () => failure(500, 'INTERNAL_ERROR', 'Oops'),
    });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: /^End session on Safari on iOS/ }),
    );
    expect(
      await screen.findByText('Oops, something went wrong while trying to end the session'),
    ).toBeVisible();
    expect(within(dialog).getByText('Safari on iOS')).toBeVisible();
  });

  it('ends all other sessions at once', async () => {
    const { handlers } = sessionsApi([THIS_DEVICE, PHONE, LAPTOP]);
    const { dialog, calls } = await openProfileDialog('Sessions', handlers);
    const endAll = await within(dialog).findByRole('button', { name: 'End all other sessions' });
    expect(
      within(dialog).getByText('Signs out 2 other browsers; this one stays signed in.'),
    ).toBeVisible();
    await userEvent.click(endAll);
    await expectToast('Signed out 2 other sessions');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/sessions/end-others')).toBe(
      true,
    );
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(within(dialog).getByText('This device')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
    expect(
      within(dialog).getByText('This is the only browser signed in to your account.'),
    ).toBeVisible();
  });

  it('says so when ending the other sessions fails', async () => {
    const { handlers } = sessionsApi([THIS_DEVICE, PHONE]);
    const { dialog } = await openProfileDialog('Sessions', {
      ...handlers,
      'POST /auth/sessions/end-others': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'End all other sessions' }),
    );
    expect(
      await screen.findByText('Oops, something went wrong while trying to end the other sessions'),
    ).toBeVisible();
    expect(within(dialog).getByText('Safari on iOS')).toBeVisible();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    const { dialog } = await openProfileDialog('Sessions', {
      'GET /auth/sessions': () => (fail ? failure(500, 'INTERNAL_ERROR', 'Oops') : [THIS_DEVICE]),
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your sessions could not be loaded.',
    );
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('This device')).toBeVisible();
  });
});

describe('the links for a clinician, below the sessions (decision 084)', () => {
  it('says No links. when there are none, and leads to the report page', async () => {
    const { handlers } = sessionsApi([THIS_DEVICE]);
    const { dialog, router } = await openProfileDialog('Sessions', handlers);
    const links = await within(dialog).findByRole('region', { name: 'Links for your clinician' });
    expect(await within(links).findByText('No links.')).toBeVisible();
    await userEvent.click(
      within(links).getByRole('link', { name: 'Make a report for your clinician' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/report'));
  });

  it('lists the live and expired links, and revokes one after asking', async () => {
    const live = buildReportLink({
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      openCount: 1,
      lastOpenedAt: '2026-11-21T09:00:00.000Z',
    });
    const expired = buildReportLink({
      id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
      expired: true,
    });
    let list = [live, expired];
    const { handlers } = sessionsApi([THIS_DEVICE]);
    const { dialog, calls } = await openProfileDialog('Sessions', {
      ...handlers,
      'GET /report-links': () => list,
      [`DELETE /report-links/${live.id}`]: () => {
        list = [expired];
        return { id: live.id };
      },
    });
    const links = await within(dialog).findByRole('list', { name: 'Links for your clinician' });
    const rows = within(links).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Opened 1 time');
    expect(within(rows[1]!).getByText('Expired', { selector: 'span' })).toBeVisible();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Revoke the link/ }));
    expect(calls.filter((c) => c.method === 'DELETE' && c.path.startsWith('/report'))).toEqual([]);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Yes, revoke it' }));
    await expectToast('The link was revoked: it opens nothing from now on');
    await waitFor(() => expect(within(links).getAllByRole('listitem')).toHaveLength(1));
  });
});
