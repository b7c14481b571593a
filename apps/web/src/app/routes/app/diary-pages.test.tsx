import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, type DiaryEntry } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { DIARY_PAGE_SIZE } from '@/features/diary/api/get-diary-pages';
import { answerDiaryPages, diaryReads } from '@/features/diary/testing/diary-api';
import type { DiaryPages } from '@/lib/diary-cache';
import { setUpDiaryListPerTest } from '@/features/diary/testing/diary-list-layout';
import { formatLongLocalDate, getTodayIn } from '@/lib/format';
import { diaryKeys } from '@/lib/query-keys';
import {
  buildDiary,
  buildUser,
  expectToast,
  json,
  mockApi,
  renderApp,
  saveSession,
} from '@/test/test-utils';

/*
 * My Diary in pages (decision 085): the newest page first, the next one as the reader nears the
 * end, and only the cards in view (and a few beyond) in the page.
 */

const user = buildUser({ mood: 'Neutral', hasSetMoodToday: true, diaryStreak: 3 });
const today = getTodayIn(user.timeZone);

// A short entry's card is 120 px high, a long one's 168 px (its date line wraps): the virtualiser
// measures each.
setUpDiaryListPerTest({
  boxPx: 600,
  rowPx: (row) => ((row.textContent ?? '').length > 600 ? 168 : 120),
});

/** `count` entries, one a day back from yesterday, of 300 to 1,500 characters. */
function buildEntries(count: number): DiaryEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return buildDiary({
      id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
      date: addDays(today, -n),
      content: `Entry ${n}. ${'Slow morning, long walk. '.repeat(12 + (n % 5) * 12)}`.trim(),
    });
  });
}

function openDiary(entries: DiaryEntry[]) {
  let written: DiaryEntry[] = [];
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /diary': answerDiaryPages(() => [...written, ...entries]),
    'POST /diary': (call) => {
      const { content } = call.body as { content: string };
      const diary = buildDiary({
        id: 'bbbbbbbb-0000-4000-8000-000000000001',
        date: today,
        content,
      });
      written = [diary];
      return json(201, { status: 'success', data: diary });
    },
  });
  return { ...renderApp('/app/diary', { width: 360 }), ...api };
}

async function findList() {
  return screen.findByRole('list', { name: 'Past Diaries' });
}

/** Scrolls the list's box as far down as it goes, as a wheel or a finger would. */
function scrollToEnd(list: HTMLElement) {
  const box = list.parentElement!;
  box.scrollTop = Number.parseFloat(list.style.height);
  fireEvent.scroll(box);
}

function scrollToTop(list: HTMLElement) {
  list.parentElement!.scrollTop = 0;
  fireEvent.scroll(list.parentElement!);
}

/** My Diary's reads of a page (the composer reads the newest entry alone, limit 1). */
function pageReads(calls: Parameters<typeof diaryReads>[0]) {
  return diaryReads(calls).filter((read) => read.limit === String(DIARY_PAGE_SIZE));
}

function cardOf(entry: DiaryEntry) {
  return screen.queryByRole('button', { name: new RegExp(formatLongLocalDate(entry.date)) });
}

describe('My Diary in pages', { timeout: 30_000 }, () => {
  it('asks for the newest page, with a limit, and never for the whole diary', async () => {
    const entries = buildEntries(45);
    const { calls } = openDiary(entries);
    expect(await screen.findByRole('button', { name: /Entry 1\./ })).toBeVisible();
    // Nothing asks for the whole diary: every read has a limit.
    expect(diaryReads(calls).filter((read) => !read.limit)).toEqual([]);
    expect(pageReads(calls)).toEqual([{ id: user.id, limit: String(DIARY_PAGE_SIZE) }]);
    expect(await findList()).toBeVisible();
  });

  it('reads the next page, before the last entry’s day, as the reader nears the end', async () => {
    const entries = buildEntries(45);
    const { calls } = openDiary(entries);
    const list = await findList();
    await within(list).findByRole('button', { name: /Entry 1\./ });
    expect(cardOf(entries[DIARY_PAGE_SIZE]!)).toBeNull();

    scrollToEnd(list);
    await waitFor(() => expect(pageReads(calls)).toHaveLength(2));
    expect(pageReads(calls)[1]).toEqual({
      id: user.id,
      limit: String(DIARY_PAGE_SIZE),
      before: entries[DIARY_PAGE_SIZE - 1]!.date,
    });
    // The count is said politely once the page is in.
    expect(await screen.findByText('40 entries loaded')).toHaveAttribute('role', 'status');

    // An entry of the second page opens as any other.
    scrollToEnd(list);
    const older = entries[2 * DIARY_PAGE_SIZE - 1]!;
    await userEvent.click(await screen.findByRole('button', { name: /Entry 40\./ }));
    expect(
      screen.getByRole('heading', { level: 2, name: formatLongLocalDate(older.date) }),
    ).toBeVisible();
  });

  it('holds far fewer cards than entries through 200 of them, down to the oldest', async () => {
    const entries = buildEntries(200);
    const { calls } = openDiary(entries);
    const list = await findList();
    await within(list).findByRole('button', { name: /Entry 1\./ });
    const rows: number[] = [];
    // Ten full pages, then the one past the end, which is empty.
    for (let read = 2; read <= 11; read += 1) {
      scrollToEnd(list);
      await waitFor(() => expect(pageReads(calls)).toHaveLength(read));
      rows.push(within(list).getAllByRole('listitem').length);
    }
    expect(await screen.findByText('All 200 entries loaded')).toBeInTheDocument();
    scrollToEnd(list);
    await waitFor(() => expect(cardOf(entries[199]!)).toBeInTheDocument());
    rows.push(within(list).getAllByRole('listitem').length);
    expect(Math.max(...rows)).toBeLessThan(20);
    expect(cardOf(entries[100]!)).toBeNull();
    // Each page starts before the last day of the one before; no read is of the whole diary.
    expect(diaryReads(calls).filter((read) => !read.limit)).toEqual([]);
    const reads = pageReads(calls);
    expect(reads.slice(1).map((read) => read.before)).toEqual(
      Array.from({ length: 10 }, (_, i) => entries[(i + 1) * DIARY_PAGE_SIZE - 1]!.date),
    );
    // The rows say where they stand, now that the end is known.
    const last = within(list).getAllByRole('listitem').at(-1)!;
    expect(last).toHaveAttribute('aria-posinset', '200');
    expect(last).toHaveAttribute('aria-setsize', '200');
  });

  it('moves focus with the arrow keys, Home and End, and opens an entry with Enter', async () => {
    const entries = buildEntries(45);
    openDiary(entries);
    const list = await findList();
    await within(list).findByRole('button', { name: /Entry 1\./ });
    // One card is in the Tab order: from the search, Tab reaches the first.
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search your diary' }));
    await userEvent.tab();
    await userEvent.tab();
    expect(cardOf(entries[0]!)).toHaveFocus();
    expect(
      within(list)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(cardOf(entries[2]!)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(cardOf(entries[1]!)).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(cardOf(entries[DIARY_PAGE_SIZE - 1]!)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(cardOf(entries[0]!)).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(cardOf(entries[1]!)).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('heading', { level: 2, name: formatLongLocalDate(entries[1]!.date) }),
    ).toHaveFocus();
  });

  it('keeps the focused card in the page when it scrolls out of view', async () => {
    const entries = buildEntries(45);
    openDiary(entries);
    const list = await findList();
    const first = await within(list).findByRole('button', { name: /Entry 1\./ });
    first.focus();
    scrollToEnd(list);
    await waitFor(() => expect(cardOf(entries[DIARY_PAGE_SIZE - 1]!)).toBeInTheDocument());
    expect(cardOf(entries[2]!)).toBeNull();
    expect(first).toBeInTheDocument();
    expect(first).toHaveFocus();
  });

  it('keeps only the first page once My Diary is left, so a visit again reads one page', async () => {
    const entries = buildEntries(45);
    const { calls, queryClient, router } = openDiary(entries);
    const list = await findList();
    await within(list).findByRole('button', { name: /Entry 1\./ });
    scrollToEnd(list);
    expect(await screen.findByText('40 entries loaded')).toBeInTheDocument();
    const key = diaryKeys.pages(user.id);
    const before = queryClient.getQueryState(key)!.dataUpdatedAt;

    await act(() => router.navigate('/app/statistics'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Past Diaries' })).toBeNull());
    const kept = queryClient.getQueryState<DiaryPages>(key)!;
    expect(kept.data?.pages.map((page) => page.length)).toEqual([DIARY_PAGE_SIZE]);
    expect(kept.dataUpdatedAt).toBe(before);

    const readsBefore = pageReads(calls).length;
    await act(() => router.navigate('/app/diary'));
    expect(await screen.findByText('20 entries loaded')).toBeInTheDocument();
    await waitFor(() => expect(pageReads(calls).length - readsBefore).toBeLessThanOrEqual(1));
    expect(
      pageReads(calls)
        .slice(readsBefore)
        .every((read) => !read.before),
    ).toBe(true);
  });

  it('puts an entry saved today at the top of the first page', async () => {
    const entries = buildEntries(45);
    openDiary(entries);
    const list = await findList();
    scrollToEnd(list);
    expect(await screen.findByText('40 entries loaded')).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Write Your Diary' }),
      'Written at the top.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expectToast('Successfuly saved your diary');
    scrollToTop(list);
    const top = within(list).getAllByRole('listitem')[0]!;
    expect(top).toHaveAttribute('aria-posinset', '1');
    expect(top).toHaveTextContent(formatLongLocalDate(today));
    expect(top).toHaveTextContent('Written at the top.');
  });
});
