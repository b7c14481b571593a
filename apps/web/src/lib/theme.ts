import type { Theme } from '@wellspring/shared';
import { THEME_STORAGE_KEY } from './auth-storage';
import { getLocalStorage } from './browser-storage';

export { THEME_STORAGE_KEY };

/*
 * Dark mode (decision 040): the `dark` class on <html> switches the design tokens
 * (index.css). The account's choice (Light, Dark, System) is kept on this device under one key so
 * that public/theme-init.js, loaded blocking in <head>, applies it before the first paint; that
 * script repeats `resolveTheme` and `applyResolvedTheme` in plain JavaScript (a test keeps the two
 * equal). Types only from the contract: the entry must not load zod (decision 038).
 */

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';
/** The browser's frame colour per theme: the page's canvas. */
export const THEME_COLORS = { light: '#faf8f5', dark: '#131127' } as const;

export type ResolvedTheme = 'light' | 'dark';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** The theme kept on this device, or 'system' when there is none (or storage is blocked). */
export function readStoredTheme(): Theme {
  try {
    const value = getLocalStorage()?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

export function writeStoredTheme(theme: Theme): void {
  try {
    getLocalStorage()?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // A full or blocked storage: the next load starts from the system's theme.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME_QUERY).matches
    : false;
}

/** Light or dark: the choice itself, or the system's for 'system'. */
export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Sets the class, the CSS color-scheme and the theme-color meta of the document. */
export function applyResolvedTheme(resolved: ResolvedTheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  const meta = doc.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', THEME_COLORS[resolved]);
}

/** Applies a theme now, resolving 'system' with the system's current preference. */
export function applyTheme(theme: Theme): ResolvedTheme {
  const resolved = resolveTheme(theme, systemPrefersDark());
  applyResolvedTheme(resolved);
  return resolved;
}

/** Calls `onChange` whenever the system switches between light and dark; answers the unsubscribe. */
export function subscribeToSystemTheme(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(DARK_SCHEME_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
