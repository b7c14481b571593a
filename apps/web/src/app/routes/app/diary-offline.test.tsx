import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, type DiaryEntry } from '@wellspring/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { answerDiaryPages } from '@/features/diary/testing/diary-api';
import { setUpDiaryListPerTest } from '@/features/diary/testing/diary-list-layout';
import { clearDeviceDb } from '@/lib/device-db';
import { formatLongLocalDate, getTodayIn } from '@/lib/format';
import { refreshWrites } from '@/lib/offline-queue';
import { PENDING_WRITE_TEXT } from '@/lib/offline-text';
import { buildDiary, buildUser, mockApi, renderApp, saveSession } from '@/test/test-utils';

/* My Diary in pages (decision 085): today's entry written offline waits at the top of the list. */

const user = buildUser({ mood: 'Neutral', hasSetMoodToday: true, diaryStreak: 3 });
const today = getTodayIn(user.timeZone);

setUpDiaryListPerTest();

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  await clearDeviceDb();
  await refreshWrites();
});

const entries: DiaryEntry[] = Array.from({ length: 30 }, (_, i) =>
  buildDiary({ date: addDays(today, -(i + 1)), content: `Entry ${i + 1}. A walk.` }),
);

describe('My Diary offline', { timeout: 30_000 }, () => {
  it('shows today’s entry written offline at the top, marked as waiting', async () => {
    saveSession(user);
    const { calls, unmount } = mockApiAndOpen();
    const list = await screen.findByRole('list', { name: 'Past Diaries' });
    await within(list).findByRole('button', { name: /Entry 1\./ });
    // The second page is in too: the entry goes to the top of the first.
    list.parentElement!.scrollTop = 10_000;
    fireEvent.scroll(list.parentElement!);
    expect(await screen.findByText('All 30 entries loaded')).toBeInTheDocument();
    list.parentElement!.scrollTop = 0;
    fireEvent.scroll(list.parentElement!);

    act(() => onlineManager.setOnline(false));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Write Your Diary' }),
      'Written on the train.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Written on the train.'),
    );
    const top = within(list).getAllByRole('listitem')[0]!;
    expect(top).toHaveTextContent(formatLongLocalDate(today));
    // Under today's form, the mark of a write waiting on the device.
    expect(screen.getAllByText(PENDING_WRITE_TEXT).length).toBeGreaterThan(0);
    expect(screen.getByText('All 31 entries loaded')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // Nothing more to send once it is gone: the page goes before the network comes back.
    unmount();
  });
});

function mockApiAndOpen() {
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /diary': answerDiaryPages(() => entries),
  });
  return { ...renderApp('/app/diary', { width: 360 }), ...api };
}
