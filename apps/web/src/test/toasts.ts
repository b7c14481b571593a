import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A toast's text once the toast is shown. sonner renders a new toast at opacity 0 and marks it
 * `data-mounted="true"` in an effect a moment later; `findByText` can resolve in between, and
 * `toBeVisible` then fails on a toast about to appear (it did once in CI, on a busy machine).
 * Fails too if the text is not in a toast.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const element = await screen.findByText(text);
  await waitFor(() =>
    expect(element.closest('[data-sonner-toast]')).toHaveAttribute('data-mounted', 'true'),
  );
  return element;
}
