import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredSession, readStoredSession, writeStoredSession } from './auth-storage';
import { DEVICE_DRAFT_PREFIX, readDeviceDraft, writeDeviceDraft } from './device-drafts';

afterEach(() => localStorage.clear());

describe('device drafts', () => {
  it('keeps a draft under its key, and removes it when emptied', () => {
    expect(readDeviceDraft('diary.u1')).toBe('');
    writeDeviceDraft('diary.u1', 'Half a thought');
    expect(readDeviceDraft('diary.u1')).toBe('Half a thought');
    expect(localStorage.getItem(`${DEVICE_DRAFT_PREFIX}diary.u1`)).toBe('Half a thought');
    writeDeviceDraft('diary.u1', '');
    expect(localStorage.getItem(`${DEVICE_DRAFT_PREFIX}diary.u1`)).toBeNull();
  });

  it('goes with the session: signing out clears every draft and leaves other keys', () => {
    writeStoredSession('tok', 'u1');
    writeDeviceDraft('diary.u1', 'Mine');
    writeDeviceDraft('diary.u2', 'Someone else on this device');
    localStorage.setItem('unrelated', 'kept');
    clearStoredSession();
    expect(readStoredSession()).toEqual({ token: null, userId: null });
    expect(readDeviceDraft('diary.u1')).toBe('');
    expect(readDeviceDraft('diary.u2')).toBe('');
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
