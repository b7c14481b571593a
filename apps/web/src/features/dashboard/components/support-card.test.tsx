import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiaryEntry, InsightsSupport, User } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { getTodayIn } from '@/lib/format';
import {
  buildDiary,
  buildGoal,
  buildUser,
  failure,
  json,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
} from '@/test/test-utils';

const user = buildUser({ mood: 'Sad', hasSetMoodToday: true });
const shown: InsightsSupport = { show: true, hiddenUntil: null };

function openDashboard({
  support = () => shown,
  dismiss = () => ({ show: false, hiddenUntil: '2026-12-01' }),
  width = 390,
}: {
  support?: (call: RecordedCall) => unknown;
  dismiss?: (call: RecordedCall) => unknown;
  width?: number;
} = {}) {
  let diaries: DiaryEntry[] = [];
  let current: User = user;
  saveSession(user);
  const api = mockApi({
    'GET /user': () => current,
    'PATCH /user': (call) => (current = { ...current, ...(call.body as Partial<User>) }),
    'GET /goal': () => buildGoal(),
    'GET /task': () => json(200, { status: 'success', data: [], totalTaskCount: 0 }),
    'GET /diary': () => diaries,
    'POST /diary': (call) => {
      const diary = buildDiary({
        date: getTodayIn(user.timeZone),
        content: (call.body as { content: string }).content,
      });
      diaries = [diary, ...diaries];
      return json(201, { status: 'success', data: diary });
    },
    'GET /insights/support': support,
    'POST /insights/support/dismiss': dismiss,
  });
  return { ...renderApp('/app/dashboard', { width }), ...api };
}

const findCard = () => screen.findByRole('region', { name: 'Hard days happen' });
const supportCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/insights/support');

describe('the support card', { timeout: 20_000 }, () => {
  it('shows calm words, small things that help, a helpline directory and the emergency line', async () => {
    const { calls } = openDashboard();
    const card = await findCard();
    expect(supportCalls(calls)[0]!.url.searchParams.get('id')).toBe(user.id);
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A glass of water and a short walk outside',
      'Writing a few lines about how the day went',
      'Reaching out to someone you trust, even with a short message',
    ]);
    expect(card).toHaveTextContent('If you are struggling, talking to someone helps.');
    expect(card).toHaveTextContent(
      'If you are in danger right now, call your local emergency number.',
    );
    // (jsdom runs the name's parts together; a browser reads "… near you (opens in a new tab)".)
    const helplines = within(card).getByRole('link', {
      name: /^Find a helpline near you\s*\(opens in a new tab\)$/,
    });
    expect(helplines).toHaveAttribute('href', 'https://findahelpline.com');
    expect(helplines).toHaveAttribute('target', '_blank');
    expect(helplines).toHaveAttribute('rel', 'noopener noreferrer');
    // Never a score, never a diagnosis.
    expect(card).not.toHaveTextContent(/\d|depress|diagnos|score/i);
    // It sits under the greeting and blocks nothing: the cards are all there.
    expect(screen.getByRole('region', { name: "Today's Mood" })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown when the API says so', async () => {
    const { calls } = openDashboard({ support: () => ({ show: false, hiddenUntil: null }) });
    await screen.findByRole('region', { name: "Today's Mood" });
    await waitFor(() => expect(supportCalls(calls)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Hard days happen' })).not.toBeInTheDocument();
  });

  it('hides at once on Not now, tells the API, and leaves focus on the page heading', async () => {
    let answer: () => void = () => {};
    const { calls } = openDashboard({
      dismiss: () =>
        new Promise((resolve) => {
          answer = () => resolve({ show: false, hiddenUntil: '2026-12-01' });
        }),
    });
    const card = await findCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Not now' }));
    // Optimistic: gone before the API answers.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Hard days happen' })).not.toBeInTheDocument(),
    );
    const post = calls.find((c) => c.method === 'POST' && c.path === '/insights/support/dismiss');
    expect(post!.body).toEqual({ id: user.id });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus();
    answer();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Hard days happen' })).not.toBeInTheDocument();
  });

  it('comes back with a message when hiding it fails', async () => {
    openDashboard({ dismiss: () => failure(500, 'INTERNAL_ERROR', 'Oops') });
    const card = await findCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Not now' }));
    expect(
      await screen.findByText("This card couldn't be hidden right now. Please try again later."),
    ).toBeInTheDocument();
    expect(await findCard()).toBeVisible();
  });

  it('is asked again after a mood change', async () => {
    const { calls } = openDashboard({ support: () => ({ show: false, hiddenUntil: null }) });
    const moods = await screen.findByRole('group', { name: "Today's mood" });
    await waitFor(() => expect(supportCalls(calls)).toHaveLength(1));
    await userEvent.click(within(moods).getByRole('button', { name: 'Depressed' }));
    await waitFor(() => expect(supportCalls(calls)).toHaveLength(2));
  });

  it('is asked again after a diary entry is saved', async () => {
    const { calls } = openDashboard({
      support: () => ({ show: false, hiddenUntil: null }),
    });
    await waitFor(() => expect(supportCalls(calls)).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Write Diary' }));
    const dialog = await screen.findByRole('dialog', { name: "Today's Diary" });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Write Your Diary' }),
      'A slow day.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /Create|Save/ }));
    expect(await screen.findByText('Successfuly saved your diary')).toBeInTheDocument();
    await waitFor(() => expect(supportCalls(calls)).toHaveLength(2));
  });
});
