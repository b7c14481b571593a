// IndexedDB, which jsdom lacks: the offline queue keeps its writes there.
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACTIVITIES_PER_CHECK_IN_MAX,
  CHECK_IN_NOTE_MAX,
  FEELING_WORDS,
  FEELINGS_PER_CHECK_IN,
  type Activity,
  type CheckIn,
} from '@wellspring/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDeviceDb } from '@/lib/device-db';
import { getWritesSnapshot } from '@/lib/offline-writes-store';
import { refreshWrites } from '@/lib/offline-queue';
import {
  buildUser,
  expectToast,
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
  activities: Activity[] = [WALK, OLD],
) {
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /activities': () => activities,
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
    await expectToast(CHECK_IN_TEXTS.saved);
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
    // Found again on each try: going offline re-renders the shell, and a toast found once may
    // have been drawn anew by the time it is looked at.
    await waitFor(() => expect(screen.getByText(CHECK_IN_TEXTS.queued)).toBeVisible());
    expect(posts(calls)).toEqual([]);
    const [write] = getWritesSnapshot();
    expect(write).toMatchObject({ kind: 'checkIn', userId: user.id, body: { mood: 'Ecstatic' } });
    expect(write?.kind === 'checkIn' && typeof write.body.takenAt).toBe('string');
  });

  it(`takes at most ${FEELINGS_PER_CHECK_IN} words; one let go makes room for another`, async () => {
    const { calls } = openApp();
    const dialog = await openCheckIn();
    await userEvent.click(within(dialog).getByRole('button', { name: /Happy/ }));
    await userEvent.click(within(dialog).getByText('Feelings'));
    const words = FEELING_WORDS.map((f) => f.word);
    const chip = (word: string) => within(dialog).getByRole('button', { name: word });
    for (const word of words.slice(0, FEELINGS_PER_CHECK_IN)) await userEvent.click(chip(word));
    expect(within(dialog).getByText(`${FEELINGS_PER_CHECK_IN} chosen`)).toBeVisible();

    const next = words[FEELINGS_PER_CHECK_IN]!;
    expect(chip(next)).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(chip(next));
    expect(chip(next)).toHaveAttribute('aria-pressed', 'false');
    // A full list still lets focus reach every word.
    chip(next).focus();
    expect(chip(next)).toHaveFocus();

    await userEvent.click(chip(words[0]!));
    expect(chip(next)).not.toHaveAttribute('aria-disabled');
    await userEvent.click(chip(next));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const sent = (posts(calls)[0]!.body as { feelings: string[] }).feelings;
    expect(sent).toHaveLength(FEELINGS_PER_CHECK_IN);
    expect(sent).toContain(next);
    expect(sent).not.toContain(words[0]);
  });

  it(`takes at most ${ACTIVITIES_PER_CHECK_IN_MAX} activities`, async () => {
    const many: Activity[] = Array.from({ length: ACTIVITIES_PER_CHECK_IN_MAX + 1 }, (_, i) => ({
      ...WALK,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Hobby ${i + 1}`,
      group: 'hobbies',
      position: i,
    }));
    const { calls } = openApp(undefined, many);
    const dialog = await openCheckIn();
    await userEvent.click(within(dialog).getByRole('button', { name: /Neutral/ }));
    await userEvent.click(within(dialog).getByText('Activities'));
    const hobbies = await within(dialog).findByRole('group', { name: 'Hobbies' });
    for (const activity of many.slice(0, ACTIVITIES_PER_CHECK_IN_MAX)) {
      await userEvent.click(within(hobbies).getByRole('button', { name: activity.name }));
    }
    const last = within(hobbies).getByRole('button', { name: many.at(-1)!.name });
    expect(last).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(last);
    expect(last).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect((posts(calls)[0]!.body as { activityIds: string[] }).activityIds).toEqual(
      many.slice(0, ACTIVITIES_PER_CHECK_IN_MAX).map((a) => a.id),
    );
  });

  it(`counts the note up to ${CHECK_IN_NOTE_MAX} characters and says, closed, that one is written`, async () => {
    openApp();
    const dialog = await openCheckIn();
    const noteTitle = within(dialog).getByText('Note');
    await userEvent.click(noteTitle);
    const note = within(dialog).getByLabelText('A short note, kept private');
    expect(note).toHaveAttribute('maxlength', String(CHECK_IN_NOTE_MAX));
    expect(note).toHaveAccessibleDescription(`0 / ${CHECK_IN_NOTE_MAX}`);
    await userEvent.type(note, 'Rain, then sun');
    expect(note).toHaveAccessibleDescription(`14 / ${CHECK_IN_NOTE_MAX}`);
    await userEvent.click(noteTitle);
    expect(within(dialog).getByText('Written')).toBeVisible();
    await userEvent.click(noteTitle);
    await userEvent.clear(note);
    expect(within(dialog).queryByText('Written')).not.toBeInTheDocument();
  });
});
