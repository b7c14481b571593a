import { afterEach, describe, expect, it } from 'vitest';
import { forgetReturnTo, isReturnablePath, rememberReturnTo, takeReturnTo } from './return-to';

describe('the page to return to after signing in', () => {
  afterEach(() => sessionStorage.clear());

  it('is a page of the signed-in area, with its query and hash', () => {
    rememberReturnTo('/app/task/list?page=2#top');
    expect(takeReturnTo()).toBe('/app/task/list?page=2#top');
  });

  it('is given once', () => {
    rememberReturnTo('/app/statistics');
    expect(takeReturnTo()).toBe('/app/statistics');
    expect(takeReturnTo()).toBeNull();
  });

  it.each([
    '//evil.example/app/x',
    'https://evil.example/app/dashboard',
    '/app',
    '/home/landing',
    '/login',
    '/app/../login',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('never leads off the signed-in area: %s', (path) => {
    expect(isReturnablePath(path)).toBe(false);
    rememberReturnTo(path);
    expect(takeReturnTo()).toBeNull();
  });

  it('ignores a value planted in storage that leads elsewhere', () => {
    sessionStorage.setItem('wellspring.returnTo', '//evil.example/app/x');
    expect(takeReturnTo()).toBeNull();
  });

  it('is forgotten at sign-out', () => {
    rememberReturnTo('/app/diary');
    forgetReturnTo();
    expect(takeReturnTo()).toBeNull();
  });
});
