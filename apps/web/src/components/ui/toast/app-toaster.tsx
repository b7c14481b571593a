import { useEffect, useRef } from 'react';
import { WIDE_NAV_QUERY } from '@/config/breakpoints';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useIsDialogShowing } from '../dialog/dialog-presence';
import { LazyToaster } from './lazy-toaster';
import { keepToastTimes } from './toast';

/** Above the floating menu's strip where there is one (index.css), with a little air. */
const ABOVE_MENU_STRIP = 'calc(var(--menu-strip-room) + 1rem)';
const EDGE = '1rem';

/**
 * The app's toasts, placed where they cover nothing the user is acting on (docs/decisions/023):
 * at the bottom, above the menu strip, on phones and tablets; at the bottom right beside the wide
 * navigation; at the top while a dialog is open, since its actions sit at its foot. The region
 * comes after the page in the document, so it never stands ahead of the page in the Tab order.
 * A toast that moves keeps the time it had left.
 */
export function AppToaster({ duration }: { duration: number }) {
  const isWide = useMediaQuery(WIDE_NAV_QUERY);
  const isDialogShowing = useIsDialogShowing();
  const position = isDialogShowing ? 'top-center' : isWide ? 'bottom-right' : 'bottom-center';
  const bottom = isWide ? '1.5rem' : ABOVE_MENU_STRIP;
  // sonner mounts the toasts anew where they move to: each keeps the time it had left.
  const placed = useRef(position);
  useEffect(() => {
    if (placed.current === position) return;
    placed.current = position;
    keepToastTimes(duration);
  }, [position, duration]);
  return (
    <LazyToaster
      position={position}
      duration={duration}
      richColors
      closeButton
      offset={{ bottom, top: '1.5rem', right: '1.5rem', left: '1.5rem' }}
      mobileOffset={{ bottom, top: EDGE, right: EDGE, left: EDGE }}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
