import { paths } from '@/config/paths';
import { getSessionStorage } from './browser-storage';

/** Where a visitor who was sent to sign in wanted to go, kept for this tab only. */
const RETURN_TO_KEY = 'wellspring.returnTo';

/**
 * True for a page of the signed-in area on this site, and nothing else: a stored value is only
 * ever a path the guard saw, but it is checked again when read, so it can never lead elsewhere.
 */
export function isReturnablePath(value: string): boolean {
  if (!value.startsWith(`${paths.app.root}/`) || value.startsWith('//')) return false;
  try {
    const url = new URL(value, 'http://wellspring.invalid');
    return (
      url.origin === 'http://wellspring.invalid' && url.pathname.startsWith(`${paths.app.root}/`)
    );
  } catch {
    return false;
  }
}

/** Remembers the page a signed-out visitor asked for (path, query and hash). */
export function rememberReturnTo(path: string): void {
  if (isReturnablePath(path)) getSessionStorage()?.setItem(RETURN_TO_KEY, path);
}

/** The remembered page, once: reading forgets it. */
export function takeReturnTo(): string | null {
  const storage = getSessionStorage();
  const value = storage?.getItem(RETURN_TO_KEY) ?? null;
  storage?.removeItem(RETURN_TO_KEY);
  return value && isReturnablePath(value) ? value : null;
}

/** Forgets the remembered page: a sign-out is not a visit to come back to. */
export function forgetReturnTo(): void {
  getSessionStorage()?.removeItem(RETURN_TO_KEY);
}
