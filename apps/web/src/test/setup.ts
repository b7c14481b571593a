import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { installMatchMedia, setViewportWidth } from './media';
import { releaseCapturedConsoleErrors } from './console';
import { contractViolations } from './contract-answers';
import { loadLandingPage } from '@/lib/landing-page';

// jsdom cannot load another page: the app's full loads of the landing page (decision 068) are
// recorded instead, for landingPageLoads() in test-utils.
vi.mock('@/lib/landing-page', () => ({ loadLandingPage: vi.fn() }));
afterEach(() => vi.mocked(loadLandingPage).mockClear());

// Screens load lazily; their first import is transformed on demand, which can take a while.
configure({ asyncUtilTimeout: 5_000 });

installMatchMedia();
// jsdom does not scroll; React Router's scroll restoration calls it.
window.scrollTo = () => {};

// jsdom keeps one session history for a whole test file, and the dialogs tie themselves to it
// (use-dialog-history.ts): a dialog a test leaves open leaves its entry current, the next test's
// app steps back from it on arrival, and a step still queued when the next test opened its own
// dialog closed that one (the profile dialog's tests, on a busy machine). Registered before
// cleanup, so it runs after it (after hooks run last-registered first): once the app is gone,
// the steps still queued (jsdom runs each on its own timers, two turns) land with nobody
// listening, and the next test starts on an entry with no dialog's mark.
afterEach(async () => {
  if (vi.isFakeTimers()) vi.useRealTimers();
  for (let turn = 0; turn < 3; turn += 1) {
    await new Promise<void>((resolve) => {
      window.setTimeout(resolve, 0);
    });
  }
  window.history.replaceState(null, '');
});

afterEach(() => cleanup());

// Every test starts signed out, at a laptop width, with the real fetch.
afterEach(() => {
  window.localStorage.clear();
  setViewportWidth(1024);
  vi.unstubAllGlobals();
});

// A test fails when the mocked API answered what the shared contract rejects.
afterEach(() => {
  const violations = contractViolations.splice(0);
  expect(violations, 'mocked answers outside the shared contract').toEqual([]);
});

// A test fails on any unexpected console.error.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'unexpected console.error').toEqual([]);
});

// After hooks run last-registered first: a test's expected console errors are released (and
// forgotten) before the check above, and the toasts of one test do not show in the next.
afterEach(() => {
  releaseCapturedConsoleErrors();
  toast.dismiss();
});
