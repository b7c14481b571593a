import { afterEach, expect, vi } from 'vitest';

// A test fails on any unexpected console.error: a hidden error is a bug we have not seen yet.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'unexpected console.error').toEqual([]);
});
