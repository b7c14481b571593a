/*
 * After an account is deleted the browser lands on the landing page, signed out, with every cached
 * query gone; this one-shot flag in sessionStorage lets that page say so. It is read once: a
 * reload, or another visit, does not say it again.
 */

const FLAG_KEY = 'wellspring.accountDeleted';

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called once the server has deleted the account. */
export function markAccountDeleted(): void {
  try {
    getStorage()?.setItem(FLAG_KEY, '1');
  } catch {
    // Blocked storage: the landing page simply does not say it.
  }
}

/** True when the account was just deleted and this has not been said yet. */
export function hasAccountDeletedNotice(): boolean {
  return getStorage()?.getItem(FLAG_KEY) === '1';
}

/** Marks the notice as said. */
export function clearAccountDeletedNotice(): void {
  getStorage()?.removeItem(FLAG_KEY);
}
