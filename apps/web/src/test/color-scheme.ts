import { vi } from 'vitest';

/*
 * A system colour scheme for jsdom: `(prefers-color-scheme: dark)` answers `dark`, and
 * `setSystemDark` flips it and tells the listeners, as a browser does when the system switches.
 * Every other query goes to the setup's matchMedia (test/media). vi.unstubAllGlobals (the setup,
 * after each test) puts the setup's back.
 */
export function mockSystemColorScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: { matches: boolean; media: string }) => void>();
  const original = window.matchMedia.bind(window);
  const query = '(prefers-color-scheme: dark)';
  vi.stubGlobal('matchMedia', (media: string): MediaQueryList => {
    if (media !== query) return original(media);
    return {
      media,
      get matches() {
        return dark;
      },
      onchange: null,
      addEventListener: (_type: string, listener: never) => listeners.add(listener),
      removeEventListener: (_type: string, listener: never) => listeners.delete(listener),
      addListener: (listener: never) => listeners.add(listener),
      removeListener: (listener: never) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
  return {
    setSystemDark(next: boolean) {
      dark = next;
      for (const listener of [...listeners]) listener({ matches: next, media: query });
    },
  };
}

/** Puts <html> back as a test found it: no theme class, no colour scheme. */
export function resetDocumentTheme(): void {
  document.documentElement.classList.remove('dark');
  document.documentElement.style.colorScheme = '';
}
