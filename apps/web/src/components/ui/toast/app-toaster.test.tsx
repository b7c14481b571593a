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
});
