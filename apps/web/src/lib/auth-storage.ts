import { clearDeviceDrafts } from './device-drafts';

/** SPEC.md section 3: the session lives in localStorage under these keys. */
export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'id';
/**
 * The account's theme kept on this device (lib/theme, public/theme-init.js). Defined here, not in
 * lib/theme, so that the entry, which clears it at sign-out, does not carry the theme code.
 */
export const THEME_STORAGE_KEY = 'theme';

export interface StoredSession {
  token: string | null;
  userId: string | null;
}

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then behaves as signed out.
    return null;
  }
}

/** The saved token and user id, each null when absent. */
export function readStoredSession(): StoredSession {
  const storage = getStorage();
  return {
    token: storage?.getItem(TOKEN_KEY) || null,
    userId: storage?.getItem(USER_ID_KEY) || null,
  };
}

/** The saved token, or null. */
export function readStoredToken(): string | null {
  return readStoredSession().token;
}

/**
 * The URL of the account's chosen background, kept by the dashboard's welcome card: the
 * signed-in frame asks for the picture at once with it, before GET /user has answered (decision
 * 052). Only a hint: what is painted is the URL of that answer.
 */
export const BACKGROUND_STORAGE_KEY = 'background';

/** The kept background URL, or null. */
export function readStoredBackground(): string | null {
  return getStorage()?.getItem(BACKGROUND_STORAGE_KEY) || null;
}

/** Keeps the chosen background's URL on this device; null forgets it. */
export function writeStoredBackground(url: string | null): void {
  const storage = getStorage();
  if (url) storage?.setItem(BACKGROUND_STORAGE_KEY, url);
  else storage?.removeItem(BACKGROUND_STORAGE_KEY);
}

export function writeStoredSession(token: string, userId: string): void {
  const storage = getStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(USER_ID_KEY, userId);
}

/** Forgets the session, and with it every unsaved draft and the account's theme on this device. */
export function clearStoredSession(): void {
  const storage = getStorage();
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_ID_KEY);
  clearDeviceDrafts();
  // The signed-in frame's ThemeSync applies the system's theme as the session ends.
  storage?.removeItem(THEME_STORAGE_KEY);
  storage?.removeItem(BACKGROUND_STORAGE_KEY);
  // The query cache saved for offline use and the writes still waiting (decision 042). Loaded
  // here rather than with the first page; a signed-in page has it loaded already.
  import('./device-db')
    .then(({ clearDeviceDb }) => clearDeviceDb())
    .catch((error: unknown) =>
      console.warn('Wellspring: the data kept on this device could not be cleared', error),
    );
}
