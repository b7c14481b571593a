import { useId } from 'react';
import { useIsOffline } from '@/lib/device-status';
import { NEEDS_NETWORK_REASON } from '@/lib/offline-text';

/**
 * For a write that cannot wait for the network (completing a task, claiming a reward, accepting
 * a task, a goal change; decision 042): offline, its button is disabled and described by a short
 * reason shown next to it (and as its tooltip), so the reason is read, not guessed from a grey.
 */
export function useNeedsNetwork() {
  const isOffline = useIsOffline();
  const reasonId = useId();
  return {
    isOffline,
    /** Spread on the button: `disabled` is to be combined with the button's own conditions. */
    describedBy: isOffline ? reasonId : undefined,
    title: isOffline ? NEEDS_NETWORK_REASON : undefined,
    reason: isOffline ? (
      <p id={reasonId} className="text-xs font-medium text-ink-soft" data-testid="needs-network">
        {NEEDS_NETWORK_REASON}
      </p>
    ) : null,
  };
}
