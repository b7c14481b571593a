import { describe, expect, it } from 'vitest';
import { APP_SHELL_FILE, LANDING_FILE, navigationFile, SHELL_FILE } from './navigation';

describe('the HTML the service worker answers a page with', () => {
  it.each([
    ['/app/dashboard', APP_SHELL_FILE],
    ['/app', APP_SHELL_FILE],
    ['/app/task/board', APP_SHELL_FILE],
    ['/home/landing', LANDING_FILE],
    ['/', SHELL_FILE],
    ['/home', SHELL_FILE],
    ['/login', SHELL_FILE],
    ['/apps', SHELL_FILE],
  ])('%s → %s, as the server would send', (pathname, file) => {
    expect(navigationFile(pathname)).toBe(file);
  });
});
