import { clearDeviceDrafts } from './device-drafts';
import { DEVICE_TO_CLEAR_KEY, readSessionsToEnd, writeSessionsToEnd } from './sign-out-records';
import { getLocalStorage } from './browser-storage';

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

/** The saved token and user id, each null when absent. */
export function readStoredSession(): StoredSession {
  const storage = getLocalStorage();
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
  return getLocalStorage()?.getItem(BACKGROUND_STORAGE_KEY) || null;
}

/** Keeps the chosen background's URL on this device; null forgets it. */
export function writeStoredBackground(url: string | null): void {
  const storage = getLocalStorage();
  if (url) storage?.setItem(BACKGROUND_STORAGE_KEY, url);
  else storage?.removeItem(BACKGROUND_STORAGE_KEY);
}

export function writeStoredSession(token: string, userId: string): void {
  const storage = getLocalStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(USER_ID_KEY, userId);
}

/** How a sign-out ends the session on the server (decision 065). */
export interface SignOutOptions {
  /** The server ended it already: the account deleted or the password reset. */
  isEndedOnServer?: boolean;
  /**
   * The landing page loads next and its script ends the session (landing.ts). This page then
   * sends nothing: a request under way as it is left could come back as a failure and be sent
   * a second time by the landing page, which the server answers 401.
   */
  isEndedByLandingPage?: boolean;
}

/**
 * Signs this device out, whatever the network (decision 065): the session, every unsaved draft,
 * the account's theme and the device database (the cached data and the writes still waiting) are
 * forgotten here and now, nothing waiting for the server. What takes longer is written down first,
 * so a tab closed right after still has it done at the next start (sessions-to-end.ts): the
 * device database's clear, and the session's end on the server (not when the server ended it
 * already).
 */
export function clearStoredSession({
  isEndedOnServer = false,
  isEndedByLandingPage = false,
}: SignOutOptions = {}): void {
  const storage = getLocalStorage();
  const { token } = readStoredSession();
  if (token && !isEndedOnServer) {
    const tokens = readSessionsToEnd();
    if (!tokens.includes(token)) writeSessionsToEnd([...tokens, token]);
  }
  storage?.setItem(DEVICE_TO_CLEAR_KEY, '1');
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_ID_KEY);
  clearDeviceDrafts();
  // The signed-in frame's ThemeSync applies the system's theme as the session ends.
  storage?.removeItem(THEME_STORAGE_KEY);
  storage?.removeItem(BACKGROUND_STORAGE_KEY);
  // Loaded here rather than with the first page; a signed-in page has the database code already.
  import('./sessions-to-end')
    .then(async ({ clearMarkedDeviceData, finishSignOuts }) => {
      // At once, not behind a run still waiting for the server.
      await clearMarkedDeviceData();
      if (!isEndedByLandingPage) await finishSignOuts();
    })
    .catch((error: unknown) =>
      console.warn('Wellspring: the data kept on this device could not be cleared', error),
    );
}
