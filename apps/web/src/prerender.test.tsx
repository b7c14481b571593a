import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';

describe('the landing page rendered ahead', () => {
  it('is the whole page, titled, with the hero and its picture', async () => {
    const { html, title } = await renderPage('/home/landing');
    expect(title).toBe('Landing | Wellspring');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toMatch(/small daily steps/i);
    expect(page.querySelector('img[src="/images/dashboard-1200.webp"]')).not.toBeNull();
    expect(page.querySelector('footer')?.textContent).toContain('2024');
    // No inline script: the CSP (script-src 'self') would refuse it.
    expect(page.querySelector('script')).toBeNull();
  });

  it('holds what depends on the visitor in every variant, the signed-out one shown (decision 049)', async () => {
    const { html } = await renderPage('/home/landing');
    const page = document.createElement('div');
    page.innerHTML = html;
    const variants = [...page.querySelectorAll<HTMLElement>('[data-when]')];
    const shown = (when: string) =>
      variants.filter((part) => part.dataset.when === when).map((part) => part.hidden);
    // The top bar, the hero (Get Started, Log in with email) and the closing banner.
    expect(shown('signed-out')).toEqual([false, false, false, false]);
    expect(shown('signed-in')).toEqual([true, true, true]);
    expect(shown('without-google')).toEqual([true]);
    expect(shown('dev-sign-in')).toEqual([true]);
    expect(shown('account-deleted')).toEqual([true]);
    // Every step's details are in the page for the tabs to show, the first one shown.
    expect(
      [...page.querySelectorAll<HTMLElement>('[data-tab-content]')].map((part) => part.hidden),
    ).toEqual([false, true, true]);
  });

  it('refuses a path that is no page', async () => {
    await expect(renderPage('/no-such-page')).rejects.toThrow(/404/);
  });
});
