// IndexedDB, which jsdom lacks: the offline queue keeps its writes there.
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity, CheckIn } from '@wellspring/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDeviceDb } from '@/lib/device-db';
import { getWritesSnapshot } from '@/lib/offline-writes-store';
import { refreshWrites } from '@/lib/offline-queue';
import {
  buildUser,
  failure,
  json,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
} from '@/test/test-utils';
import { CHECK_IN_TEXTS } from './check-in-dialog';

const user = buildUser({ mood: 'Happy', hasSetMoodToday: true });
const WALK: Activity = {
  id: '00000000-0000-4000-8000-00000000c001',
  name: 'Walk',
  group: 'health',
  icon: 'Footprints',
  position: 0,
  isArchived: false,
};
const OLD: Activity = {
  ...WALK,
  id: '00000000-0000-4000-8000-00000000c002',
  name: 'Old',
  isArchived: true,
};

function answerOf(call: RecordedCall): CheckIn {
  const body = call.body as Partial<CheckIn> & { mood: CheckIn['mood'] };
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    takenAt: '2026-12-03T10:00:00.000Z',
    timeZone: user.timeZone,
    date: body.date ?? '2026-12-03',
    mood: body.mood,
    feelings: body.feelings ?? [],
    activityIds: body.activityIds ?? [],
    note: body.note ?? null,
    isBackfilled: body.date !== undefined,
    isDailyMood: false,
  };
}

function openApp(
  post: (call: RecordedCall) => unknown = (call) =>
    json(201, { status: 'success', data: answerOf(call) }),
) {
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /activities': () => [WALK, OLD],
    'POST /check-ins': post,
  });
  return { ...renderApp('/app/result', { width: 390 }), ...api };
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/check-ins');

async function openCheckIn() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Check in' }, { timeout: 15_000 }),
  );
  return screen.findByRole('dialog', { name: 'Check in' }, { timeout: 15_000 });
}

afterEach(async () => {
  onlineManager.setOnline(true);
  await clearDeviceDb();
  await refreshWrites();
});

describe('the quick check-in (decision 073)', { timeout: 30_000 }, () => {
  it('saves a mood alone in three taps: the button, a mood, Save', async () => {
    const { calls } = openApp();
    const dialog = await openCheckIn();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Neutral/ }));
    await userEvent.click(save);
    expect(await screen.findByText(CHECK_IN_TEXTS.saved)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls).map((c) => c.body)).toEqual([{ mood: 'Neutral' }]);
    expect(posts(calls)[0]!.url.searchParams.get('id')).toBe(user.id);
  });

  it('sends the words, activities and note chosen; an archived activity is not offered', async () => {
    const { calls } = openApp();
    const dialog = await openCheckIn();
    await userEvent.click(within(dialog).getByRole('button', { name: /Happy/ }));
    await userEvent.click(within(dialog).getByText('Feelings'));
    const calm = within(dialog).getByRole('group', { name: 'Pleasant and calm' });
    await userEvent.click(within(calm).getByRole('button', { name: 'calm' }));
    await userEvent.click(within(calm).getByRole('button', { name: 'grateful' }));
    expect(within(calm).getByRole('button', { name: 'calm' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(dialog).getByText('Activities'));
    const health = await within(dialog).findByRole('group', { name: 'Health' });
    await userEvent.click(within(health).getByRole('button', { name: 'Walk' }));
    expect(within(dialog).queryByRole('button', { name: 'Old' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Note'));
    await userEvent.type(within(dialog).getByLabelText('A short note, kept private'), 'Sunny');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({
      mood: 'Happy',
      feelings: ['calm', 'grateful'],
      activityIds: [WALK.id],
      note: 'Sunny',
    });
  });

  it('keeps every choice and says why when the server refuses', async () => {
    const { calls } = openApp(() =>
      failure(409, 'CHECK_IN_LIMIT', 'A day holds at most 20 check-ins'),
    );
    const dialog = await openCheckIn();
    await userEvent.click(within(dialog).getByRole('button', { name: /Sad/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A day holds at most 20 check-ins',
    );
    expect(within(dialog).getByRole('button', { name: /Sad/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(posts(calls)).toHaveLength(1);
  });

  it('offline, keeps the check-in on the device with its moment instead of calling the server', async () => {
    const { calls } = openApp();
    const dialog = await openCheckIn();
    onlineManager.setOnline(false);
    await userEvent.click(within(dialog).getByRole('button', { name: /Ecstatic/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CHECK_IN_TEXTS.queued)).toBeVisible();
    expect(posts(calls)).toEqual([]);
    const [write] = getWritesSnapshot();
    expect(write).toMatchObject({ kind: 'checkIn', userId: user.id, body: { mood: 'Ecstatic' } });
    expect(write?.kind === 'checkIn' && typeof write.body.takenAt).toBe('string');
  });
});
