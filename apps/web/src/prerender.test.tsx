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
    /** Each part of the condition: shown in the page, or waiting in a template. */
    const parts = (when: string) =>
      variants
        .filter((part) => part.dataset.when === when)
        .map((part) =>
          part.tagName === 'TEMPLATE' ? 'template' : part.hidden ? 'hidden' : 'shown',
        );
    // The top bar, the hero (Get Started, Log in with email) and the closing banner.
    expect(parts('signed-out')).toEqual(['shown', 'shown', 'shown', 'shown']);
    expect(parts('signed-in')).toEqual(['template', 'template', 'template']);
    expect(parts('without-google')).toEqual(['template']);
    expect(parts('dev-sign-in')).toEqual(['template']);
    expect(parts('account-deleted')).toEqual(['template']);
    // Out of the page until the script puts them in: their words are not in it.
    expect(page.textContent).not.toMatch(/Open your dashboard|have been deleted|not set up/);
    // Every step's details are in the page for the tabs to show, the first one shown.
    expect(
      [...page.querySelectorAll<HTMLElement>('[data-tab-content]')].map((part) => part.hidden),
    ).toEqual([false, true, true]);
  });

  it('refuses a path that is no page', async () => {
    await expect(renderPage('/no-such-page')).rejects.toThrow(/404/);
  });
});
