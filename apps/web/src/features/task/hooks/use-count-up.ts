import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/hooks/use-media-query';

/** How long the taskComplete dialog takes to move from the old goal to the new one. */
export const COUNT_UP_MS = 1_200;

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/**
 * A number that moves from `from` to `to` over `durationMs` (eased), starting after `delayMs`;
 * straight to `to` when the user prefers reduced motion.
 */
export function useCountUp(
  from: number,
  to: number,
  { durationMs = COUNT_UP_MS, delayMs = 250 }: { durationMs?: number; delayMs?: number } = {},
): number {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [value, setValue] = useState(from);

  useEffect(() => {
    if (prefersReducedMotion) return;
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / durationMs);
      setValue(from + (to - from) * easeOutCubic(t));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    const timer = setTimeout(() => {
      frame = requestAnimationFrame(step);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [from, to, durationMs, delayMs, prefersReducedMotion]);

  return prefersReducedMotion ? to : value;
}
