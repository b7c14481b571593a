/*
 * The browser's storage areas, or null where there is none (no window) or it is blocked (privacy
 * settings throw on access): every caller then behaves as if nothing were stored.
 */

export function getLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
