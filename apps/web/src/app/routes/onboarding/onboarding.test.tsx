import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Diary, Goal, User } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { getTodayIn } from '@/lib/format';
import { buildDiary as buildTestDiary, buildGoal as buildTestGoal } from '@/test/factories';
import { buildUser, failure, json, mockApi, renderApp, saveSession } from '@/test/test-utils';

const newcomer = buildUser({ name: 'Ada Lovelace', hasOnboarded: false, mood: 'Unknown' });

const buildGoal = (overrides: Partial<Goal> = {}) =>
  buildTestGoal({
    target: 200_000,
    earned: 0,
    completionPercent: 0,
    taskCompleted: 0,
    tier: 2,
    ...overrides,
  });

/** Today's diary of the newcomer. */
const buildDiary = (overrides: Partial<Diary> = {}) =>
  buildTestDiary({
    date: getTodayIn(newcomer.timeZone),
    dateCreated: new Date().toISOString(),
    content: 'I wrote this earlier today.',
    ...overrides,
  });

/** A signed-in newcomer; PATCH /user merges the body into the user, like the API. */
function startOnboarding(
  path: string,
  {
    goal = null,
    diaries = [],
    handlers = {},
  }: {
    goal?: Goal | null;
    diaries?: Diary[];
    handlers?: Parameters<typeof mockApi>[0];
  } = {},
) {
  let user: User = newcomer;
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'PATCH /user': (call) => (user = { ...user, ...(call.body as Partial<User>) }),
    'GET /goal': () => goal,
    'GET /diary': () => diaries,
    'GET /task': () => json(200, { status: 'success', data: [], totalTaskCount: 0 }),
    ...handlers,
  });
  const view = renderApp(path, { width: 450 });
  return { ...view, ...api };
}

describe('onboarding step 1, Select Mood', { timeout: 20_000 }, () => {
  it('greets by name, shows the progress and the five moods with their names', async () => {
    startOnboarding('/onboarding/step-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Mood' })).toBeVisible();
    expect(screen.getByRole('heading', { name: /Hi Ada Lovelace!.*feeling today/ })).toBeVisible();
    const progress = screen.getByRole('navigation', { name: 'Onboarding progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('Step 1: Select Mood');
    expect(steps[1]).toHaveTextContent('Step 2: Set Goals');
    expect(steps[2]).toHaveTextContent('Step 3: Create Diary');
    expect(within(progress).getByText('Select Mood').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    const moods = screen.getByRole('group', { name: 'How are you feeling today?' });
    expect(
      within(moods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed']);
    expect(screen.getByText('You can change your mood anytime.')).toBeVisible();
  });

  it('enables Next only while a mood is chosen; clicking the chosen one clears it', async () => {
    const { calls } = startOnboarding('/onboarding/step-1');
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    const happy = screen.getByRole('button', { name: 'Happy' });
    await userEvent.click(happy);
    expect(happy).toHaveAttribute('aria-pressed', 'true');
    expect(next).toBeEnabled();
    await userEvent.click(happy);
    expect(happy).toHaveAttribute('aria-pressed', 'false');
    expect(next).toBeDisabled();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves the mood, then moves on to step 2', async () => {
    const { calls, router } = startOnboarding('/onboarding/step-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Sad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/step-2'));
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/user')!;
    expect(patch.body).toEqual({ mood: 'Sad' });
    expect(patch.url.searchParams.get('id')).toBe(newcomer.id);
  });

  it('stays on step 1 and says so when the mood cannot be saved', async () => {
    const { router } = startOnboarding('/onboarding/step-1', {
      handlers: { 'PATCH /user': () => failure(500, 'INTERNAL_ERROR', 'Oops') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Neutral' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Something went wrong while attempting to change your mood, please try again later.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-1');
    expect(screen.getByRole('button', { name: 'Neutral' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('onboarding step 2, Set Goals', { timeout: 20_000 }, () => {
  it('starts at 50.000 without a goal and saves the chosen target with PATCH, as SPEC.md says', async () => {
    const { calls, router } = startOnboarding('/onboarding/step-2', {
      handlers: { 'PATCH /goal': () => buildGoal({ target: 150_000 }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set Goals' })).toBeVisible();
    expect(screen.getByRole('heading', { name: /wellness points/i })).toBeVisible();
    const slider = screen.getByRole('slider', { name: 'Your points goal' });
    expect(slider).toHaveValue('50000');
    expect(slider).toHaveAttribute('min', '50000');
    expect(slider).toHaveAttribute('max', '500000');
    expect(slider).toHaveAttribute('step', '50000');
    expect(slider).toHaveAttribute('aria-valuetext', '50,000 points, Tier 1, Easy');
    // jsdom does not move a range input by keyboard; a change is what the browser would send.
    fireEvent.change(slider, { target: { value: '150000' } });
    expect(slider).toHaveValue('150000');
    expect(screen.getByText('150.000')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/step-3'));
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/goal')!;
    expect(patch.body).toEqual({ target: 150_000 });
    expect(patch.url.searchParams.get('id')).toBe(newcomer.id);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/goal')).toBe(false);
  });

  it('starts at the saved target and changes the goal in progress', async () => {
    const { calls, router } = startOnboarding('/onboarding/step-2', {
      goal: buildGoal({ target: 200_000 }),
      handlers: { 'PATCH /goal': () => buildGoal({ target: 200_000 }) },
    });
    expect(await screen.findByRole('slider', { name: 'Your points goal' })).toHaveValue('200000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/step-3'));
    expect(calls.find((c) => c.method === 'PATCH' && c.path === '/goal')!.body).toEqual({
      target: 200_000,
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/goal')).toBe(false);
  });

  it('goes back to step 1 with Previous, and stays with a message when saving fails', async () => {
    const { router } = startOnboarding('/onboarding/step-2', {
      handlers: { 'PATCH /goal': () => failure(500, 'INTERNAL_ERROR', 'Oops') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Oops, Something went wrong!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step-2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/step-1'));
  });
});

describe('onboarding step 3, Create Diary', { timeout: 20_000 }, () => {
  it("shows today's date and enables Next only with some text", async () => {
    startOnboarding('/onboarding/step-3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Diary' })).toBeVisible();
    const today = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: newcomer.timeZone,
    }).format(new Date());
    expect(screen.getByText(today)).toBeVisible();
    const textarea = screen.getByRole('textbox', { name: 'Write Your Diary' });
    expect(textarea).toHaveAttribute('placeholder', 'Dear Diary...');
    expect(screen.getByText('You can create a diary once per day at any time*')).toBeVisible();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.type(textarea, '   ');
    expect(next).toBeDisabled();
    await userEvent.type(textarea, 'A good first day.');
    expect(next).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeEnabled();
  });

  it('writes the diary, marks onboarding done and opens the dashboard', async () => {
    const { calls, router } = startOnboarding('/onboarding/step-3', {
      handlers: { 'POST /diary': (call) => buildDiary({ content: (call.body as Diary).content }) },
    });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Write Your Diary' }),
      'A good first day.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /diary', 'PATCH /user']);
    expect(writes[0]!.body).toEqual({ content: 'A good first day.', id: newcomer.id });
    expect(writes[1]!.body).toEqual({ hasOnboarded: true });
  });

  it('keeps the text on the device across a reload, and forgets it once saved', async () => {
    const first = startOnboarding('/onboarding/step-3');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Write Your Diary' }),
      'Half a first entry.',
    );
    first.unmount();
    const { router } = startOnboarding('/onboarding/step-3', {
      handlers: { 'POST /diary': (call) => buildDiary({ content: (call.body as Diary).content }) },
    });
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    expect(textarea).toHaveValue('Half a first entry.');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(JSON.stringify({ ...localStorage })).not.toContain('Half a first entry.');
  });

  it('Skip marks onboarding done without a diary', async () => {
    const { calls, router } = startOnboarding('/onboarding/step-3');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(calls.some((c) => c.path === '/diary' && c.method === 'POST')).toBe(false);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ hasOnboarded: true });
  });

  it("disables the textarea when today's diary exists; Next then only finishes", async () => {
    const { calls, router } = startOnboarding('/onboarding/step-3', { diaries: [buildDiary()] });
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    expect(textarea).toBeDisabled();
    expect(textarea).toHaveValue('I wrote this earlier today.');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(calls.some((c) => c.path === '/diary' && c.method === 'POST')).toBe(false);
  });

  it('keeps the text and says so when the diary cannot be saved', async () => {
    const { router } = startOnboarding('/onboarding/step-3', {
      handlers: { 'POST /diary': () => failure(500, 'INTERNAL_ERROR', 'Oops') },
    });
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    await userEvent.type(textarea, 'Keep me.');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Oops, Something went wrong!')).toBeInTheDocument();
    expect(textarea).toHaveValue('Keep me.');
    expect(router.state.location.pathname).toBe('/onboarding/step-3');
  });
});
