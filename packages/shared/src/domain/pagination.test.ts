import { describe, expect, it } from 'vitest';
import {
  clampPage,
  getPageCount,
  getPageFooterText,
  MAX_PAGE_SIZE,
  TASK_PAGE_SIZE,
} from './pagination';

describe('page sizes', () => {
  it('shows 7 tasks a page and serves at most 50', () => {
    expect(TASK_PAGE_SIZE).toBe(7);
    expect(MAX_PAGE_SIZE).toBe(50);
  });
});

describe('getPageCount', () => {
  it.each([
    [0, 1],
    [1, 1],
    [7, 1],
    [8, 2],
    [14, 2],
    [15, 3],
    [21, 3],
    [22, 4],
  ])('makes %i tasks into %i page(s) of 7', (total, pages) => {
    expect(getPageCount(total, TASK_PAGE_SIZE)).toBe(pages);
  });
});

describe('clampPage', () => {
  it('keeps pages 1 to the last page as they are', () => {
    expect(clampPage(1, 15, 7)).toBe(1);
    expect(clampPage(2, 15, 7)).toBe(2);
    expect(clampPage(3, 15, 7)).toBe(3);
  });

  it('caps next at the last page and previous at page 1', () => {
    expect(clampPage(4, 15, 7)).toBe(3);
    expect(clampPage(99, 15, 7)).toBe(3);
    expect(clampPage(0, 15, 7)).toBe(1);
    expect(clampPage(-3, 15, 7)).toBe(1);
  });

  it('stays on page 1 when there is nothing to show', () => {
    expect(clampPage(1, 0, 7)).toBe(1);
    expect(clampPage(2, 0, 7)).toBe(1);
  });
});

describe('getPageFooterText', () => {
  it.each([
    [1, 15, 'Showing 1 - 7 of 15 tasks'],
    [2, 15, 'Showing 8 - 14 of 15 tasks'],
    [3, 15, 'Showing 15 - 15 of 15 tasks'],
    [1, 7, 'Showing 1 - 7 of 7 tasks'],
    [1, 1, 'Showing 1 - 1 of 1 tasks'],
    [2, 8, 'Showing 8 - 8 of 8 tasks'],
  ])('reads page %i of %i tasks as %j', (page, total, text) => {
    expect(getPageFooterText(page, TASK_PAGE_SIZE, total)).toBe(text);
  });

  it("reads 'No tasks to be shown' when there are none", () => {
    expect(getPageFooterText(1, TASK_PAGE_SIZE, 0)).toBe('No tasks to be shown');
  });
});
