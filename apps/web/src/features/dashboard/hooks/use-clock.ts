import { useEffect, useState } from 'react';

/** SPEC.md section 9: the dashboard clock ticks every second. */
export const CLOCK_TICK_MS = 1_000;

/** The current time, renewed every second. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
