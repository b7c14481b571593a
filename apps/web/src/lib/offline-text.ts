/*
 * The words of offline use (decision 042), in a module of their own so that a screen
 * showing them does not load the queue or IndexedDB code with its first paint.
 */

/** The short reason a write that needs the server is disabled offline. */
export const NEEDS_NETWORK_REASON = 'You are offline: this needs a connection.';
/** The mark next to a mood or diary that waits on the device. */
export const PENDING_WRITE_TEXT = 'Saved on this device, sent when you are back online.';
/** The id prefix of a diary entry shown from the queue (never a server id). */
export const PENDING_DIARY_ID_PREFIX = 'pending-';
