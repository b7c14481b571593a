import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DIARY_SEARCH_BATCH,
  type DiaryEntry,
  type DiarySearchResult,
  type User,
} from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { setUpDiaryListPerTest } from '../testing/diary-list-layout';
import {
  buildDiary,
  buildUser,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
} from '@/test/test-utils';

// jsdom has no layout: the virtualised list is given a browser's heights.
setUpDiaryListPerTest();

const user = buildUser({ mood: 'Neutral', hasSetMoodToday: true, diaryStreak: 2 });

const riverWalk = buildDiary({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  date: '2024-01-05',
  content: 'A long Walk by the river after work.',
  mood: 'Happy',
});
const quietDay = buildDiary({
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  date: '2024-01-04',
  content: 'A quiet day at home.',
  mood: null,
});
const oldRiver = buildDiary({
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  date: '2022-03-01',
  content: 'The river was high; we walked along it anyway.',
  mood: 'Sad',
});

function searchAnswer(overrides: Partial<DiarySearchResult> = {}): DiarySearchResult {
  return { entries: [], page: 1, scanned: 2, hasMore: false, ...overrides };
}

function openDiary({
  diaries = [riverWalk, quietDay],
  search = () => searchAnswer({ entries: [riverWalk] }),
}: {
  diaries?: DiaryEntry[];
  search?: (call: RecordedCall) => unknown;
} = {}) {
  const current: User = user;
  saveSession(user);
  const api = mockApi({
    'GET /user': () => current,
    'GET /goal': () => null,
    'GET /diary': () => diaries,
    'GET /diary/search': search,
  });
  return { ...renderApp('/app/diary', { width: 390 }), ...api };
}

const searchCalls = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.path === '/diary/search')
    .map((c) => Object.fromEntries(c.url.searchParams));

async function searchFor(words: string) {
  const box = await screen.findByRole('searchbox', { name: 'Search your diary' });
  await userEvent.clear(box);
  await userEvent.type(box, `${words}{Enter}`);
  return box;
}

describe('the diary search', { timeout: 20_000 }, () => {
  it("shows each past diary's mood by name, and nothing on a day without one", async () => {
    openDiary();
    const walk = await screen.findByRole('button', { name: /January 5, 2024/ });
    // (jsdom's names run the parts together; a browser reads "January 5, 2024 Mood: Happy …".)
    expect(walk).toHaveAccessibleName(/^January 5, 2024\s*Mood:\s*Happy\s*A long Walk/);
    const quiet = screen.getByRole('button', { name: /January 4, 2024/ });
    expect(quiet).not.toHaveAccessibleName(/Mood/);
    // The chosen entry shows its mood too.
    await userEvent.click(walk);
    const view = screen.getByRole('article', { name: 'January 5, 2024' });
    expect(within(view).getByText('Happy')).toBeVisible();
    expect(within(view).getByText('Mood:')).toHaveClass('sr-only');
  });

  it('finds entries by their words, marks them, says how many, and opens a result', async () => {
    const { calls } = openDiary();
    await searchFor('  river walk ');
    await waitFor(() =>
      expect(screen.getByText('1 entry found in your latest 2')).toHaveAttribute('role', 'status'),
    );
    expect(searchCalls(calls)).toEqual([{ id: user.id, q: 'river walk', page: '1' }]);
    const results = screen.getByRole('list', { name: 'Search results' });
    const result = within(results).getByRole('button', { name: /January 5, 2024/ });
    expect(result).toHaveAccessibleName(/Mood:\s*Happy/);
    expect(result).toHaveTextContent('A long Walk by the river after work.');
    const marks = result.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['Walk', 'river']);
    // The past diaries give way to the results.
    expect(screen.queryByRole('button', { name: /January 4, 2024/ })).not.toBeInTheDocument();

    await userEvent.click(result);
    expect(result).toHaveAttribute('aria-pressed', 'true');
    const view = screen.getByRole('article', { name: 'January 5, 2024' });
    expect(within(view).getByText('A long Walk by the river after work.')).toBeVisible();
    expect(within(view).getByRole('heading', { name: 'January 5, 2024' })).toHaveFocus();
  });

  it('says when nothing is found, and searches older entries while there are more', async () => {
    let answerOlder: () => void = () => {};
    const { calls } = openDiary({
      search: (call) =>
        call.url.searchParams.get('page') === '1'
          ? searchAnswer({ scanned: DIARY_SEARCH_BATCH, hasMore: true })
          : new Promise((resolve) => {
              answerOlder = () =>
                resolve(searchAnswer({ page: 2, scanned: 40, entries: [oldRiver] }));
            }),
    });
    await searchFor('river');
    expect(
      await screen.findByText(`No entries found in your latest ${DIARY_SEARCH_BATCH} entries`),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    const older = screen.getByRole('button', { name: 'Search older entries' });
    await userEvent.click(older);
    // While the older batch is read, the button stays (resting, with focus) and the status says so.
    expect(await screen.findByText('Searching older entries…')).toHaveAttribute('role', 'status');
    expect(older).toHaveAttribute('aria-disabled', 'true');
    expect(older).toHaveFocus();
    await userEvent.click(older);
    answerOlder();
    expect(
      await screen.findByText(`1 entry found in your latest ${DIARY_SEARCH_BATCH + 40}`),
    ).toBeVisible();
    expect(searchCalls(calls).map((c) => c.page)).toEqual(['1', '2']);
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('button', { name: /March 1, 2022/ })).toBeVisible();
    // No older entries are left: the button goes, and focus goes to what was found, not <body>.
    expect(screen.queryByRole('button', { name: 'Search older entries' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
  });

  it('asks for words, with the contract’s message, when the search is empty', async () => {
    const { calls } = openDiary();
    const box = await searchFor('   ');
    expect(await screen.findByText('Type something to search for')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Type something to search for');
    expect(box).toHaveFocus();
    expect(searchCalls(calls)).toEqual([]);
    // The past diaries stay.
    expect(screen.getByRole('button', { name: /January 4, 2024/ })).toBeVisible();
  });

  it('clears the search back to the past diaries, with focus in the search box', async () => {
    openDiary({ search: () => searchAnswer() });
    const box = await searchFor('nothing');
    expect(await screen.findByText('No entries found in your latest 2 entries')).toBeVisible();
    expect(screen.queryByRole('button', { name: /January 4, 2024/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: /January 4, 2024/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
