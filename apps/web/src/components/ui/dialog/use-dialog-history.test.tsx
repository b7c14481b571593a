import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DialogName } from '@/config/dialogs';
import { useDialog } from './dialog-context';
import { DialogBody, DialogFooter, DialogHeader, DialogTitle } from './dialog-parts';
import { DialogProvider, type DialogBodyProps, type DialogRegistry } from './dialog-provider';
import { DIALOG_HISTORY_KEY, DialogHistory } from './use-dialog-history';

function Sample({ close }: DialogBodyProps<'userProfile'>) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Sample</DialogTitle>
      </DialogHeader>
      <DialogBody>Body</DialogBody>
      <DialogFooter>
        <button type="button" onClick={close}>
          Done
        </button>
      </DialogFooter>
    </>
  );
}

const registry: DialogRegistry = {
  userProfile: { component: Sample },
  taskExpired: { component: Sample as never },
  newDay: { component: Sample as never },
};

function Page() {
  const { open } = useDialog();
  const openByName = open as (name: DialogName) => void;
  return (
    <>
      <h1>Page</h1>
      {(['userProfile', 'taskExpired', 'newDay'] as const).map((name) => (
        <button key={name} type="button" onClick={() => openByName(name)}>
          Open {name}
        </button>
      ))}
    </>
  );
}

function renderWithHistory() {
  const router = createBrowserRouter([
    {
      element: (
        <DialogProvider registry={registry}>
          <DialogHistory />
          <Outlet />
        </DialogProvider>
      ),
      children: [
        { path: '/first', element: <h1>First</h1> },
        { path: '/page', element: <Page /> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const marker = () => (window.history.state as Record<string, unknown> | null)?.[DIALOG_HISTORY_KEY];

/** jsdom runs a traversal in a later task; this waits for its popstate. */
async function goBack() {
  const popped = new Promise((resolve) =>
    window.addEventListener('popstate', resolve, { once: true }),
  );
  act(() => window.history.back());
  await act(() => popped);
}

let router: ReturnType<typeof renderWithHistory>;

beforeEach(async () => {
  window.history.replaceState(null, '', '/first');
  router = renderWithHistory();
  await act(() => router.navigate('/page'));
});

afterEach(() => router.dispose());

describe('Back and dialogs', () => {
  it('opening a dismissible dialog adds one entry for the same page; Back closes only it', async () => {
    const length = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Open userProfile' }));
    expect(screen.getByRole('dialog', { name: 'Sample' })).toBeInTheDocument();
    expect(window.history.length).toBe(length + 1);
    expect(marker()).toEqual(expect.any(String));
    expect(window.location.pathname).toBe('/page');

    await goBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/page');
    expect(marker()).toBeUndefined();

    await goBack();
    await waitFor(() => expect(window.location.pathname).toBe('/first'));
  });

  it('a dialog closed by its own button takes its entry back', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Open userProfile' }));
    expect(marker()).toEqual(expect.any(String));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(marker()).toBeUndefined());
    expect(window.location.pathname).toBe('/page');

    await goBack();
    await waitFor(() => expect(window.location.pathname).toBe('/first'));
  });

  it('a dialog replaced by another keeps the one entry, and Back closes the second', async () => {
    const length = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Open userProfile' }));
    const first = marker();
    // The page behind is inert while a dialog shows: open the next one as a dialog body would.
    act(() => screen.getByRole('button', { name: 'Open taskExpired', hidden: true }).click());
    expect(window.history.length).toBe(length + 1);
    expect(marker()).toBe(first);
    await goBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/page');
  });

  it('newDay adds no entry and stays open on Back', async () => {
    const length = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Open newDay' }));
    expect(window.history.length).toBe(length);
    expect(marker()).toBeUndefined();
    await goBack();
    await waitFor(() => expect(window.location.pathname).toBe('/first'));
    expect(screen.getByRole('dialog', { name: 'Sample' })).toBeInTheDocument();
  });
});
