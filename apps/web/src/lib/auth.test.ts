import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, createTestQueryClient, mockApi, saveSession } from '@/test/test-utils';
import { createSessionStore, loadSession, preloadSavedUser } from './auth';
import { userKeys } from './query-keys';

/** Records the pictures the code asks the browser to load (jsdom loads none). */
function recordImages() {
  const images: { src: string; fetchPriority: string }[] = [];
  vi.stubGlobal(
    'Image',
    class {
      src = '';
      fetchPriority = 'auto';
      constructor() {
        images.push(this);
      }
    },
  );
  return images;
}

describe('loadSession', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('preloads the user and starts loading the dashboard background in the signed-in area', async () => {
    const user = buildUser({ selectedBackgroundURL: '/backgrounds/first-light.svg' });
    saveSession(user);
    mockApi({ 'GET /user': () => user });
    const images = recordImages();
    window.history.pushState({}, '', '/app/dashboard');
    const queryClient = createTestQueryClient();
    const store = createSessionStore();

    loadSession(store, queryClient);
    expect(store.getSnapshot()).toMatchObject({ isLoaded: true, userId: user.id });
    await vi.waitFor(() => expect(images).toHaveLength(1));
    expect(images[0]).toEqual({ src: '/backgrounds/first-light.svg', fetchPriority: 'high' });
    expect(queryClient.getQueryData(userKeys.detail(user.id))).toEqual(user);
  });

  it('loads no picture outside the signed-in area, nor for a user without a background', async () => {
    const withPicture = buildUser({ selectedBackgroundURL: '/backgrounds/first-light.svg' });
    const images = recordImages();
    saveSession(withPicture);
    mockApi({ 'GET /user': () => withPicture });
    window.history.pushState({}, '', '/home/landing');
    const first = createTestQueryClient();
    loadSession(createSessionStore(), first);
    await vi.waitFor(() =>
      expect(first.getQueryData(userKeys.detail(withPicture.id))).toBeDefined(),
    );

    const without = buildUser({ selectedBackgroundURL: null });
    saveSession(without);
    mockApi({ 'GET /user': () => without });
    window.history.pushState({}, '', '/app/dashboard');
    const second = createTestQueryClient();
    loadSession(createSessionStore(), second);
    await vi.waitFor(() => expect(second.getQueryData(userKeys.detail(without.id))).toBeDefined());
    expect(images).toEqual([]);
  });
});

describe('preloadSavedUser', () => {
  it('asks for the saved user at once, and for nothing without a saved session', async () => {
    const signedOut = createTestQueryClient();
    const { calls: none } = mockApi({});
    preloadSavedUser(signedOut);
    await Promise.resolve();
    expect(none).toEqual([]);

    const user = buildUser();
    saveSession(user);
    const { calls } = mockApi({ 'GET /user': () => user });
    const queryClient = createTestQueryClient();
    preloadSavedUser(queryClient);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /user']);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(userKeys.detail(user.id))).toEqual(user),
    );
  });
});
