/*
 * Unsaved writing kept on this device (decision 022): a diary entry being written survives a
 * reload or a closed tab until it is saved. Every draft key starts with one prefix, so signing out
 * clears them all without knowing which features keep drafts.
 */

import { getLocalStorage } from './browser-storage';

/** The prefix of every draft key in localStorage. */
export const DEVICE_DRAFT_PREFIX = 'wellspring.draft.';

/** The draft saved under the key, or '' when there is none (or storage is blocked). */
export function readDeviceDraft(key: string): string {
  try {
    return getLocalStorage()?.getItem(DEVICE_DRAFT_PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

/** Saves the draft; an empty one is removed. A full or blocked storage just keeps nothing. */
export function writeDeviceDraft(key: string, value: string): void {
  const storage = getLocalStorage();
  try {
    if (value === '') storage?.removeItem(DEVICE_DRAFT_PREFIX + key);
    else storage?.setItem(DEVICE_DRAFT_PREFIX + key, value);
  } catch {
    // Over quota: the text stays on screen, only the copy on the device is missing.
  }
}

/** Removes every draft on this device (at sign-out). */
export function clearDeviceDrafts(): void {
  const storage = getLocalStorage();
  if (!storage) return;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(DEVICE_DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
