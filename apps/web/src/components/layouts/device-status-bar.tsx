import { Button } from '@/components/ui/button';
import { useIsOffline, useUpdateReady } from '@/lib/device-status';

/** Said plainly while the device has no network (decision 042). */
export const OFFLINE_MESSAGE = 'You are offline';
export const OFFLINE_DETAIL =
  'You see what you last saw. Your mood and diary are sent when you are back.';
export const UPDATE_AVAILABLE_MESSAGE = 'Update available';
export const UPDATE_RELOAD_LABEL = 'Reload';

/**
 * A quiet bar at the foot of the screen, above the menu strip (decision 042): "You are
 * offline" while there is no network, and "Update available — Reload" when a new version waits.
 * Both are said politely by a live region that is always in the page (a region made with its
 * message is often not read), without the status role so that the pages' own status regions stay
 * the only ones. The text, not a colour, carries the meaning. Nothing reloads until the user
 * presses Reload.
 */
export function DeviceStatusBar() {
  const isOffline = useIsOffline();
  const reload = useUpdateReady();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-(--menu-strip-room) z-40 flex flex-col items-center gap-2 p-3 print:hidden"
    >
      {isOffline ? (
        <p
          data-testid="offline-notice"
          className="pointer-events-auto max-w-md rounded-lg bg-ink px-4 py-2 text-center text-sm text-canvas shadow-lg"
        >
          <strong className="font-semibold">{OFFLINE_MESSAGE}.</strong> {OFFLINE_DETAIL}
        </p>
      ) : null}
      {reload ? (
        <div className="pointer-events-auto flex max-w-md items-center gap-3 rounded-lg bg-ink px-4 py-2 text-sm text-canvas shadow-lg">
          <span>{UPDATE_AVAILABLE_MESSAGE}</span>
          <Button size="sm" variant="inverse" onClick={reload}>
            {UPDATE_RELOAD_LABEL}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
