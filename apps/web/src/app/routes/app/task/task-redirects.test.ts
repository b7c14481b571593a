import { describe, expect, it } from 'vitest';
import { getBoardRedirect, getListRedirect } from './task-redirects';

describe('task redirects', () => {
  it('shows the two-column board on wide screens, one column otherwise', () => {
    expect(getBoardRedirect(undefined, true)).toBeNull();
    expect(getBoardRedirect(undefined, false)).toBe('/app/task/board/ongoing');
  });

  it('sends the single columns to the board on wide screens', () => {
    expect(getBoardRedirect('ongoing', true)).toBe('/app/task/board');
    expect(getBoardRedirect('completed', true)).toBe('/app/task/board');
    expect(getBoardRedirect('ongoing', false)).toBeNull();
    expect(getBoardRedirect('completed', false)).toBeNull();
  });

  it('sends an unknown status to the ongoing column', () => {
    expect(getBoardRedirect('archived', false)).toBe('/app/task/board/ongoing');
    expect(getBoardRedirect('ONGOING', true)).toBe('/app/task/board/ongoing');
  });

  it('keeps the list for wide screens', () => {
    expect(getListRedirect(true)).toBeNull();
    expect(getListRedirect(false)).toBe('/app/task/board');
  });
});
