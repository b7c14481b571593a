import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
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

  it('is taken over by the app in the browser with no mismatch', async () => {
    const { html } = await renderPage('/home/landing');
    window.history.pushState({}, '', '/home/landing');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const before = container.innerHTML;
    const { App, whenRouterReady } = await import('./app/app');
    // As main.tsx does: the landing page's code is lazy, hydration waits for it.
    await whenRouterReady();
    const mismatches: unknown[] = [];
    // act() outside Testing Library's render: tell React this is a test environment.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(async () =>
      hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      ),
    );
    expect(mismatches).toEqual([]);
    expect(container.innerHTML).toBe(before);
    act(() => root.unmount());
    container.remove();
  });

  it('refuses a path that is no page', async () => {
    await expect(renderPage('/no-such-page')).rejects.toThrow(/404/);
  });
});
