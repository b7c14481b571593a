import { vi } from 'vitest';

/**
 * For a test that expects console.error (an error boundary, a logged failure): silences it and
 * returns the calls, clearing them so the suite's guard stays for every other test.
 */
export function captureConsoleErrors() {
  const spy = vi.mocked(console.error);
  spy.mockImplementation(() => {});
  const release = () => spy.mockReset();
  pendingReleases.push(release);
  return {
    get calls() {
      return spy.mock.calls;
    },
    release,
  };
}

const pendingReleases: (() => void)[] = [];

/** Run by the setup after each test, so a failed test cannot leave console.error silenced. */
export function releaseCapturedConsoleErrors(): void {
  while (pendingReleases.length > 0) pendingReleases.pop()!();
}
