import { clearDeviceDrafts } from './device-drafts';

/** SPEC.md section 3: the session lives in localStorage under these keys. */
export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'id';

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

export function writeStoredSession(token: string, userId: string): void {
  const storage = getStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(USER_ID_KEY, userId);
}

/** Forgets the session, and with it every unsaved draft kept on this device. */
export function clearStoredSession(): void {
  const storage = getStorage();
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_ID_KEY);
  clearDeviceDrafts();
}
