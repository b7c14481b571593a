import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '@/test/media';
import type * as ToastIndex from './index';

let current: typeof ToastIndex | undefined;
/** The presence store of the same module graph as the freshly imported toaster. */
let setDialogShowing: (isShowing: boolean) => void = () => {};

async function renderToaster(width: number) {
  setViewportWidth(width);
  vi.resetModules();
  current = await import('./index');
  ({ setDialogShowing } = await import('../dialog/dialog-presence'));
  const { AppToaster, toast } = current;
  render(<AppToaster duration={60_000} />);
  act(() => {
    toast.success('Saved');
  });
  await screen.findByText('Saved');
  return () => document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
}

afterEach(() => {
  vi.useRealTimers();
  current?.toast.dismiss();
  current = undefined;
  act(() => setDialogShowing(false));
});

describe('AppToaster', () => {
  it('puts toasts at the bottom on phones, above the menu strip, with a close button', async () => {
    const region = await renderToaster(390);
    expect(region()).toHaveAttribute('data-y-position', 'bottom');
    expect(region()).toHaveAttribute('data-x-position', 'center');
    expect(region().style.getPropertyValue('--mobile-offset-bottom')).toContain(
      '--menu-strip-room',
    );
    expect(screen.getByRole('button', { name: 'Close toast' })).toBeInTheDocument();
  });

  it('puts them at the bottom right beside the wide navigation bar', async () => {
    const region = await renderToaster(1400);
    expect(region()).toHaveAttribute('data-y-position', 'bottom');
    expect(region()).toHaveAttribute('data-x-position', 'right');
  });

  it('moves them to the top while a dialog is open, whose actions sit at its foot', async () => {
    const region = await renderToaster(390);
    act(() => setDialogShowing(true));
    await waitFor(() => expect(region()).toHaveAttribute('data-y-position', 'top'));
    act(() => setDialogShowing(false));
    await waitFor(() => expect(region()).toHaveAttribute('data-y-position', 'bottom'));
  });

  it('keeps each toast to its own time when they move: a move never starts it again', async () => {
    // sonner mounts its toasts anew in their new place, and a new toast starts its whole time: a
    // 5 s Undo notice moved every 4 s (a dialog opening, closing) stayed past the server's window.
    const region = await renderToaster(390);
    vi.useFakeTimers();
    act(() => {
      current!.toast.success('Task deleted', { duration: 5_000 });
    });
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('Task deleted')).toBeInTheDocument();

    for (const isShowing of [true, false]) {
      act(() => vi.advanceTimersByTime(2_000));
      act(() => setDialogShowing(isShowing));
      act(() => vi.advanceTimersByTime(100));
      expect(region()).toHaveAttribute('data-y-position', isShowing ? 'top' : 'bottom');
      expect(screen.getByText('Task deleted')).toBeInTheDocument();
    }
    // 4.3 s after it showed; gone by its 5 s (and the 200 ms sonner takes to let it go).
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByText('Task deleted')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Task deleted')).not.toBeInTheDocument();
    // The other toast has its own time (the toaster's 60 s) left.
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
