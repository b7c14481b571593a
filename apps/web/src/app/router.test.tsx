import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import {
  buildUser,
  captureConsoleErrors,
  failure,
  landingPageLoads,
  mockApi,
  renderApp,
  saveSession,
  setViewportWidth,
} from '@/test/test-utils';

function signedIn(user = buildUser()) {
  saveSession(user);
  return mockApi({ 'GET /user': () => user, 'GET /goal': () => null });
}

describe('public routes', () => {
  it.each(['/', '/home'])(
    'sends %s to the landing page, loaded in full (decision 068)',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    },
  );

  it('loads the landing page in full on a visit from another page of the app, never rendering it', async () => {
    const { router } = renderApp('/home/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    await act(() => router.navigate('/home/landing'));
    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { level: 1, name: /small daily steps/i })).toBeNull();
  });

  it('renders the landing page only where the server sent the app for its address (the development server)', async () => {
    renderApp('/home/landing');
    expect(
      await screen.findByRole('heading', { level: 1, name: /small daily steps/i }),
    ).toBeVisible();
    expect(landingPageLoads()).toBe(0);
  });

  it('sets the title from the path', async () => {
    renderApp('/home/landing');
    await waitFor(() => expect(document.title).toBe('Landing | Wellspring'));
    renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an Account' });
    await waitFor(() => expect(document.title).toBe('Create an Account | Wellspring'));
  });

  it("moves focus to the new page's main heading on a change of page, not on the first load", async () => {
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(document.body).toHaveFocus();
    await act(() => router.navigate('/home/faq'));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Frequently Asked Questions',
    });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('shows Page Not Found for an unknown route', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByText('404')).toBeVisible();
    expect(screen.getByRole('img', { name: /sad person/i })).toBeVisible();
    expect(landingPageLoads()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(landingPageLoads()).toBe(1);
    vi.mocked(console.warn).mockRestore();
  });

  it('logs only an info message when no session is saved', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderApp('/home/landing');
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith(expect.stringMatching(/no saved session/i)),
    );
    info.mockRestore();
  });
});

describe('guarded routes', () => {
  it.each(['/app/dashboard', '/app/task/board', '/onboarding/step-1', '/onboarding'])(
    'send %s without a token to the landing page',
    async (path) => {
      vi.spyOn(console, 'info').mockImplementation(() => {});
      renderApp(path);
      await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
      vi.mocked(console.info).mockRestore();
    },
  );

  it('preloads the user of a saved session', async () => {
    const { calls } = signedIn();
    renderApp('/home/landing');
    await waitFor(() => expect(calls.some((c) => c.path === '/user')).toBe(true));
    const call = calls.find((c) => c.path === '/user')!;
    expect(call.url.searchParams.get('id')).toBe(buildUser().id);
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('sends an onboarded user from onboarding to the dashboard', async () => {
    signedIn(buildUser({ hasOnboarded: true }));
    const { router } = renderApp('/onboarding/step-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it('keeps a new user on onboarding, and opens /onboarding at step 1', async () => {
    signedIn(buildUser({ hasOnboarded: false }));
    const { router } = renderApp('/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Mood' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/onboarding/step-1');
    // The title follows the page in an effect, a moment after its heading.
    await waitFor(() => expect(document.title).toBe('Select Mood | Wellspring'));
  });

  it('shows the Result placeholder with Optional', async () => {
    signedIn();
    renderApp('/app/result');
    expect(await screen.findByRole('heading', { level: 1, name: 'Result' })).toBeVisible();
    expect(screen.getByText('Optional')).toBeVisible();
  });

  it('clears the session when the saved account is gone', async () => {
    saveSession();
    mockApi({ 'GET /user': () => failure(401, 'UNAUTHORIZED', 'Please sign in') });
    const errors = captureConsoleErrors();
    renderApp('/app/dashboard');
    expect(
      await screen.findByText('Failed to retrieve your account data. Please log in again.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeVisible();
    await waitFor(() => expect(readStoredSession()).toEqual({ token: null, userId: null }));
    errors.release();
  });

  it('shows the service problem when the server cannot be reached', async () => {
    saveSession();
    mockApi({
      'GET /user': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const errors = captureConsoleErrors();
    renderApp('/app/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'There Was A Problem With Our Service' }),
    ).toBeVisible();
    expect(readStoredSession().token).toBe('test-token');
    errors.release();
  });
});

const TASK_CASES: [number, string, string][] = [
  // [width, visited, where it ends]
  [360, '/app/task/board', '/app/task/board/ongoing'],
  [450, '/app/task/board', '/app/task/board/ongoing'],
  [600, '/app/task/board', '/app/task/board/ongoing'],
  [900, '/app/task/board', '/app/task/board/ongoing'],
  [1200, '/app/task/board', '/app/task/board/ongoing'],
  [1399, '/app/task/board', '/app/task/board/ongoing'],
  [1400, '/app/task/board', '/app/task/board'],
  [1500, '/app/task/board', '/app/task/board'],
  [600, '/app/task/board/ongoing', '/app/task/board/ongoing'],
  [1200, '/app/task/board/completed', '/app/task/board/completed'],
  [1400, '/app/task/board/ongoing', '/app/task/board'],
  [1500, '/app/task/board/completed', '/app/task/board'],
  [360, '/app/task/list', '/app/task/board/ongoing'],
  [1200, '/app/task/list', '/app/task/board/ongoing'],
  [1400, '/app/task/list', '/app/task/list'],
  [1500, '/app/task/list', '/app/task/list'],
  [450, '/app/task/board/whatever', '/app/task/board/ongoing'],
  [1400, '/app/task/board/whatever', '/app/task/board'],
  [600, '/app/task/board/onboarding', '/app/task/board/onboarding'],
  [1500, '/app/task/board/onboarding', '/app/task/board/onboarding'],
  [600, '/app/task', '/app/task/board/ongoing'],
  [1400, '/app/task', '/app/task/board'],
];

describe('task routes by viewport width', () => {
  it.each(TASK_CASES)('at %i px, %s ends at %s', async (width, path, expected) => {
    signedIn();
    const { router } = renderApp(path, { width });
    await screen.findByRole('heading', { level: 1, name: 'Task' });
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    await waitFor(() => expect(document.title).toBe('Task | Wellspring'));
  });

  it('follows a resize: the wide board becomes the ongoing column', async () => {
    signedIn();
    const { router } = renderApp('/app/task/board', { width: 1400 });
    await screen.findByTestId('task-board');
    expect(router.state.location.pathname).toBe('/app/task/board');
    act(() => setViewportWidth(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/board/ongoing'));
    act(() => setViewportWidth(1450));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/board'));
  });
});
