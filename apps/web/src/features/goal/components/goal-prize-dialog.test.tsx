import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider, useDialog } from '@/components/ui/dialog';
import { buildBackground } from '@/test/factories';
import { GoalPrizeDialog, REWARD_IMAGE_WAIT_MS, REWARD_REVEAL_DELAY_MS } from './goal-prize-dialog';

const background = buildBackground({
  name: 'Quiet Peaks',
  URL: 'http://localhost:3000/backgrounds/quiet-peaks.svg',
});

function Opener() {
  const { open } = useDialog();
  return (
    <button type="button" onClick={() => open('goalPrize', { background })}>
      Open
    </button>
  );
}

/** The browser's image decoder, which jsdom lacks: settled by the test. */
function stubDecode() {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  // A rejection the component has not awaited yet is not an unhandled one.
  promise.catch(() => {});
  const decoding = { resolve: () => resolve(), reject: (error: Error) => reject(error) };
  const decode = vi.fn(() => promise);
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: decode,
  });
  return { decode, decoding };
}

function renderPrize() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <DialogProvider registry={{ goalPrize: { component: GoalPrizeDialog } }}>
          <Opener />
        </DialogProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.getByRole('img', { name: 'The background Quiet Peaks' });
}

afterEach(() => {
  vi.useRealTimers();
  delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
});

describe('goalPrize', () => {
  it('reveals the background once its image is decoded, not before', async () => {
    vi.useFakeTimers();
    const { decode, decoding } = stubDecode();
    const image = renderPrize();
    // The claim answers SPEC.md's background: its picture is at URL, absolute.
    expect(image).toHaveAttribute('src', 'http://localhost:3000/backgrounds/quiet-peaks.svg');
    expect(decode).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(REWARD_REVEAL_DELAY_MS + 500));
    expect(image).toHaveAttribute('data-revealed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Unwrapping your background');

    await act(async () => decoding.resolve());
    expect(image).toHaveAttribute('data-revealed', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('still waits the 100 ms of SPEC.md for an image that is ready at once', async () => {
    vi.useFakeTimers();
    const { decoding } = stubDecode();
    decoding.resolve();
    const image = renderPrize();
    await act(async () => vi.advanceTimersByTime(REWARD_REVEAL_DELAY_MS - 1));
    expect(image).toHaveAttribute('data-revealed', 'false');
    await act(async () => vi.advanceTimersByTime(1));
    expect(image).toHaveAttribute('data-revealed', 'true');
  });

  it('never holds the dialog for an image that does not come, or is broken', async () => {
    vi.useFakeTimers();
    stubDecode();
    const image = renderPrize();
    act(() => vi.advanceTimersByTime(REWARD_IMAGE_WAIT_MS - 1));
    expect(image).toHaveAttribute('data-revealed', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(image).toHaveAttribute('data-revealed', 'true');
  });

  it('reveals a broken image after the 100 ms, without waiting', async () => {
    vi.useFakeTimers();
    const { decoding } = stubDecode();
    decoding.reject(new Error('The source image cannot be decoded.'));
    const image = renderPrize();
    await act(async () => vi.advanceTimersByTime(REWARD_REVEAL_DELAY_MS));
    expect(image).toHaveAttribute('data-revealed', 'true');
  });
});
