import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { installMatchMedia, setViewportWidth } from './media';
import { releaseCapturedConsoleErrors } from './console';
import { contractViolations } from './contract-answers';

// Screens load lazily; their first import is transformed on demand, which can take a while.
configure({ asyncUtilTimeout: 5_000 });

installMatchMedia();
// jsdom does not scroll; React Router's scroll restoration calls it.
window.scrollTo = () => {};

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
