import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A toast's text once the toast is shown. sonner renders a new toast at opacity 0 and marks it
 * `data-mounted="true"` in an effect a moment later; `findByText` can resolve in between, and
 * `toBeVisible` then fails on a toast about to appear (it did once in CI, on a busy machine).
 * Fails too if the text is not in a toast.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  await screen.findByText(text);
  // Looked up again on each try: sonner may render the toast's text anew while it mounts (the
  // element first found was then no longer in the document, once in CI).
  return waitFor(() => {
    const element = screen.getByText(text);
    expect(element.closest('[data-sonner-toast]')).toHaveAttribute('data-mounted', 'true');
    return element;
  });
}
