import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogFooter } from './dialog-parts';

describe('DialogFooter', () => {
  it('lays its actions out in DOM order at every width, so Tab follows the eye (decision 027)', () => {
    render(
      <DialogFooter justify="between">
        <button type="button">Logout</button>
        <button type="button">Save</button>
      </DialogFooter>,
    );
    const footer = screen.getByRole('button', { name: 'Logout' }).parentElement!;
    // A reversed flex direction shows the last action first: Tab would then run against the eye.
    expect(footer.className).not.toMatch(/(^|\s)([a-z0-9]+:)?flex-(col|row)-reverse(\s|$)/);
    expect(footer.className).toMatch(/(^|\s)flex-col(\s|$)/);
    expect(footer.className).toMatch(/(^|\s)sm:flex-row(\s|$)/);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Logout', 'Save']);
  });
});
