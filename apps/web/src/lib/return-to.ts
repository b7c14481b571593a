import { paths } from '@/config/paths';

/** Where a visitor who was sent to sign in wanted to go, kept for this tab only. */
const RETURN_TO_KEY = 'wellspring.returnTo';

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

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
  if (isReturnablePath(path)) getStorage()?.setItem(RETURN_TO_KEY, path);
}

/** The remembered page, once: reading forgets it. */
export function takeReturnTo(): string | null {
  const storage = getStorage();
  const value = storage?.getItem(RETURN_TO_KEY) ?? null;
  storage?.removeItem(RETURN_TO_KEY);
  return value && isReturnablePath(value) ? value : null;
}

/** Forgets the remembered page: a sign-out is not a visit to come back to. */
export function forgetReturnTo(): void {
  getStorage()?.removeItem(RETURN_TO_KEY);
}
