/*
 * What a sign-out writes down for later (decision 065), read by the sign-out itself
 * (auth-storage.ts) and by the code that finishes it (sessions-to-end.ts, loaded later): a file
 * of its own, so that neither of those imports the other for it.
 */

import { getLocalStorage } from './browser-storage';

/**
 * The tokens of sessions signed out on this device whose end the server has not yet confirmed
 * (decision 065). Each is kept only so that POST /v1/auth/logout can end it: under a key of its
 * own, which nothing reads as "signed in" and the API client never sends.
 */
export const SESSIONS_TO_END_KEY = 'wellspring.sessions-to-end';
/** Set while the device database of a signed-out session may still hold its data. */
export const DEVICE_TO_CLEAR_KEY = 'wellspring.device-to-clear';

/** The sessions waiting to be ended on the server. */
export function readSessionsToEnd(): string[] {
  try {
    const value: unknown = JSON.parse(getLocalStorage()?.getItem(SESSIONS_TO_END_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Replaces the sessions waiting to be ended; none removes the key. */
export function writeSessionsToEnd(tokens: string[]): void {
  const storage = getLocalStorage();
  if (tokens.length === 0) storage?.removeItem(SESSIONS_TO_END_KEY);
  else storage?.setItem(SESSIONS_TO_END_KEY, JSON.stringify(tokens));
}
