import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BackgroundOwnership } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildBackground, buildOwnership } from '@/test/factories';
import {
  buildUser,
  failure,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
  expectToast,
} from '@/test/test-utils';
import { getUnlockText } from '../utils/unlock-text';

const firstLight = buildBackground({ name: 'First Light', tier: 1 });
const softHills = buildBackground({ name: 'Soft Hills', tier: 1 });
const desertStars = buildBackground({ name: 'Desert Stars', tier: 2 });
const northernLights = buildBackground({ name: 'Northern Lights', tier: 3 });
const ALL = [firstLight, softHills, desertStars, northernLights];

const ownership = (backgroundId: string) => buildOwnership({ backgroundId });

function setup({
  owned = [ownership(firstLight.id), ownership(softHills.id)],
  selectedBackgroundURL = firstLight.URL,
  handlers = {},
  delayOwned,
}: {
  owned?: BackgroundOwnership[];
  selectedBackgroundURL?: string | null;
  handlers?: Record<string, (c: RecordedCall) => unknown>;
  delayOwned?: Promise<void>;
} = {}) {
  const user = buildUser({ selectedBackgroundURL });
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /background': () => ALL,
    [`GET /background/user/${user.id}`]: async () => {
      await delayOwned;
      return owned;
    },
    ...handlers,
  });
  renderApp('/app/collections', { width: 1400 });
  return api;
}

describe('getUnlockText', () => {
  it('names the tier and its difficulty', () => {
    expect(getUnlockText(1)).toBe('Unlocked by completing Tier I (Easy) goals');
    expect(getUnlockText(2)).toBe('Unlocked by completing Tier II (Medium) goals');
    expect(getUnlockText(3)).toBe('Unlocked by completing Tier III (Hard) goals');
  });
});

describe('the collection', { timeout: 20_000 }, () => {
  it('shows 6 placeholders while loading', async () => {
    let release: () => void = () => {};
    setup({ delayOwned: new Promise((resolve) => (release = resolve)) });
    expect(await screen.findByRole('heading', { name: 'My Collection' })).toBeVisible();
    expect(screen.getAllByTestId('background-skeleton')).toHaveLength(6);
    release();
    await waitFor(() =>
      expect(screen.queryByTestId('background-skeleton')).not.toBeInTheDocument(),
    );
  });

  it('counts owned of total, and marks owned, selected and locked cards', async () => {
    const { calls } = setup();
    expect(await screen.findByTestId('collection-count')).toHaveTextContent(
      '2 / 4 backgrounds owned',
    );
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // The full list is public: no token goes with it.
    expect(calls.find((c) => c.path === '/background')!.headers.has('Authorization')).toBe(false);

    const selected = screen.getByRole('article', { name: 'First Light, selected' });
    expect(within(selected).getByText('Selected')).toBeVisible();
    expect(selected.querySelector('img')).toHaveAttribute('src', firstLight.URL);
    expect(screen.getByRole('button', { name: 'Select Soft Hills' })).toBeVisible();

    const locked = screen.getByRole('article', { name: 'Desert Stars, locked' });
    expect(within(locked).getByText('Unlocked by completing Tier II (Medium) goals')).toBeVisible();
    expect(locked.querySelector('img')).toHaveClass('grayscale');
    expect(
      within(screen.getByRole('article', { name: 'Northern Lights, locked' })).getByText(
        'Unlocked by completing Tier III (Hard) goals',
      ),
    ).toBeVisible();
  });

  it('filters by Unlocked and Locked', async () => {
    setup();
    await screen.findByTestId('collection-grid');
    fireEvent.click(screen.getByRole('tab', { name: 'Unlocked' }));
    expect(within(screen.getByTestId('collection-grid')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Desert Stars')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Locked' }));
    expect(within(screen.getByTestId('collection-grid')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Soft Hills')).not.toBeInTheDocument();
  });

  it('selects an owned background, says so and refreshes the user', async () => {
    const { calls } = setup({
      handlers: { 'PATCH /background/user': () => softHills },
    });
    const card = await screen.findByRole('button', { name: 'Select Soft Hills' });
    const userCalls = calls.filter((c) => c.path === '/user').length;
    fireEvent.click(card);
    await expectToast('Successfuly Updated Your Background');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ backgroundId: softHills.id });
    expect(patch.url.searchParams.get('id')).toBe(buildUser().id);
    await waitFor(() => expect(calls.filter((c) => c.path === '/user').length).toBe(userCalls + 1));
  });

  it('says so when the selection fails', async () => {
    setup({
      handlers: { 'PATCH /background/user': () => failure(404, 'NOT_FOUND', 'No such background') },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Select Soft Hills' }));
    expect(
      await screen.findByText('Something went wrong while trying to update your background'),
    ).toBeVisible();
  });

  it('does nothing for a locked or an already selected background', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('article', { name: 'Desert Stars, locked' }));
    fireEvent.click(screen.getByRole('article', { name: 'First Light, selected' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('owned and selected, computed as SPEC.md says', { timeout: 20_000 }, () => {
  it('marks selected the owned background whose URL is the user’s selectedBackgroundURL', async () => {
    setup({ selectedBackgroundURL: softHills.URL });
    expect(await screen.findByRole('article', { name: 'Soft Hills, selected' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Select First Light' })).toBeVisible();
  });

  it('counts as owned only the backgrounds an ownership record names, by backgroundId', async () => {
    setup({ owned: [ownership(firstLight.id), ownership(northernLights.id)] });
    expect(await screen.findByTestId('collection-count')).toHaveTextContent(
      '2 / 4 backgrounds owned',
    );
    expect(screen.getByRole('button', { name: 'Select Northern Lights' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Soft Hills, locked' })).toBeVisible();
  });

  it('shows the newly selected one as selected at once, from the answer’s URL', async () => {
    let release: () => void = () => {};
    const refetched = new Promise<void>((resolve) => (release = resolve));
    let userCalls = 0;
    setup({
      handlers: {
        'PATCH /background/user': () => softHills,
        // The refreshed user is held back: the selection shows from the answer alone.
        'GET /user': async () => {
          userCalls += 1;
          if (userCalls > 1) await refetched;
          return buildUser({
            selectedBackgroundURL: userCalls > 1 ? softHills.URL : firstLight.URL,
          });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Select Soft Hills' }));
    expect(await screen.findByRole('article', { name: 'Soft Hills, selected' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Select First Light' })).toBeVisible();
    release();
  });
});
