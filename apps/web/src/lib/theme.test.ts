import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manifest } from '../../build/pwa';
import { mockSystemColorScheme, resetDocumentTheme } from '@/test/color-scheme';
import { clearStoredSession, writeStoredSession } from './auth-storage';
import {
  applyResolvedTheme,
  readStoredTheme,
  resolveTheme,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  writeStoredTheme,
  type ResolvedTheme,
} from './theme';

/** public/theme-init.js as the browser runs it, its function taken out to call with a window. */
const INIT_SOURCE = readFileSync(
  path.resolve(import.meta.dirname, '../../public/theme-init.js'),
  'utf8',
);
const INIT_FUNCTION = INIT_SOURCE.slice(0, INIT_SOURCE.indexOf('// Run now'));
const initTheme = new Function('window', `${INIT_FUNCTION}\nreturn wellspringInitTheme;`)(
  undefined,
) as (win: Window) => ResolvedTheme;

function addThemeColorMeta(): HTMLMetaElement {
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = THEME_COLORS.light;
  document.head.append(meta);
  return meta;
}

afterEach(() => {
  resetDocumentTheme();
  document.head.querySelector('meta[name="theme-color"]')?.remove();
});

describe('resolveTheme', () => {
  it('answers the choice itself, or the system’s for System', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});

describe('applyResolvedTheme', () => {
  it('sets the dark class, the colour scheme and the theme-color meta, and takes them back', () => {
    const meta = addThemeColorMeta();
    applyResolvedTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(meta.content).toBe(THEME_COLORS.dark);
    applyResolvedTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(meta.content).toBe(THEME_COLORS.light);
  });
});

describe('the theme kept on this device', () => {
  it('reads System when nothing or something unknown is kept', () => {
    expect(readStoredTheme()).toBe('system');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readStoredTheme()).toBe('system');
    writeStoredTheme('dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('is forgotten at sign-out with the session', () => {
    writeStoredSession('token', 'user-1');
    writeStoredTheme('dark');
    clearStoredSession();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});

describe('public/theme-init.js (before the first paint)', () => {
  it('applies the kept theme whatever the system says', () => {
    mockSystemColorScheme(false);
    const meta = addThemeColorMeta();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(initTheme(window)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(meta.content).toBe(THEME_COLORS.dark);
  });

  it('follows the system with nothing kept, or System kept', () => {
    mockSystemColorScheme(true);
    expect(initTheme(window)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'system');
    expect(initTheme(window)).toBe('dark');
  });

  it('takes the dark class away for Light on a dark system', () => {
    mockSystemColorScheme(true);
    document.documentElement.classList.add('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(initTheme(window)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('answers what lib/theme answers for every kept value and system (the two stay equal)', () => {
    for (const kept of [null, 'light', 'dark', 'system', 'nonsense']) {
      for (const systemDark of [false, true]) {
        mockSystemColorScheme(systemDark);
        if (kept === null) window.localStorage.removeItem(THEME_STORAGE_KEY);
        else window.localStorage.setItem(THEME_STORAGE_KEY, kept);
        expect(initTheme(window), `${kept} on a ${systemDark ? 'dark' : 'light'} system`).toBe(
          resolveTheme(readStoredTheme(), systemDark),
        );
      }
    }
  });

  it('runs at once and again when the system switches, re-reading the kept theme', () => {
    const system = mockSystemColorScheme(false);
    new Function('window', INIT_SOURCE)(window);
    expect(document.documentElement).not.toHaveClass('dark');
    system.setSystemDark(true);
    expect(document.documentElement).toHaveClass('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    system.setSystemDark(true);
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('uses the same theme-color values as lib/theme', () => {
    expect(INIT_SOURCE).toContain(`'${THEME_COLORS.dark}'`);
    expect(INIT_SOURCE).toContain(`'${THEME_COLORS.light}'`);
  });

  it('starts the installed app in the colour the page then keeps: manifest, meta and canvas agree', () => {
    // The installed app's title bar takes the manifest's colour at launch, then the page's
    // theme-color meta: a different colour there flashed the bar from violet to the canvas.
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLORS.light}" />`);
    expect(manifest.theme_color).toBe(THEME_COLORS.light);
    expect(manifest.background_color).toBe(THEME_COLORS.light);
  });
});
