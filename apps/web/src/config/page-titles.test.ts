import { describe, expect, it } from 'vitest';
import { getPageTitle } from './page-titles';

describe('getPageTitle', () => {
  it.each([
    ['/home/landing', 'Landing | Wellspring'],
    ['/home/faq', 'FAQ | Wellspring'],
    ['/login', 'Login | Wellspring'],
    ['/register', 'Create an Account | Wellspring'],
    ['/terms', 'Terms of Use | Wellspring'],
    ['/privacy', 'Privacy Policy | Wellspring'],
    ['/onboarding', 'Onboarding | Wellspring'],
    ['/onboarding/step-1', 'Select Mood | Wellspring'],
    ['/onboarding/step-2', 'Set Goals | Wellspring'],
    ['/onboarding/step-3', 'Create Diary | Wellspring'],
    ['/app/dashboard', 'Dashboard | Wellspring'],
    ['/app/dashboard/', 'Dashboard | Wellspring'],
    ['/app/diary', 'Diary | Wellspring'],
    ['/app/statistics', 'Statistics | Wellspring'],
    ['/app/insights', 'Insights | Wellspring'],
    ['/app/collections', 'Collections | Wellspring'],
    ['/app/result', 'Result | Wellspring'],
    ['/app/report', 'Report | Wellspring'],
    ['/shared-report', 'Shared Report | Wellspring'],
  ])('%s reads %s', (path, title) => {
    expect(getPageTitle(path)).toBe(title);
  });

  it('matches Task by partial path', () => {
    for (const path of [
      '/app/task',
      '/app/task/board',
      '/app/task/board/ongoing',
      '/app/task/board/onboarding',
      '/app/task/list',
    ]) {
      expect(getPageTitle(path)).toBe('Task | Wellspring');
    }
  });

  it('is the product name alone elsewhere', () => {
    expect(getPageTitle('/nowhere')).toBe('Wellspring');
    expect(getPageTitle('/')).toBe('Wellspring');
  });
});
