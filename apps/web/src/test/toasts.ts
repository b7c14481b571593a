import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until a toast shows the text: in the document, in a toast sonner has mounted, visible.
 * Everything is checked on the same try, and looked up again on each: sonner renders a new toast
 * at opacity 0 and marks it `data-mounted="true"` a moment later, and may render its text anew
 * meanwhile, so an element found once can be gone by the next line (twice in CI, on a busy
 * machine). Fails too if the text is not in a toast.
 */
export async function expectToast(text: string | RegExp): Promise<void> {
  await screen.findByText(text);
  await waitFor(() => {
    const element = screen.getByText(text);
    expect(element.closest('[data-sonner-toast]')).toHaveAttribute('data-mounted', 'true');
    expect(element).toBeVisible();
  });
}
