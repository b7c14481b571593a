import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC.md section 9: the empty-diary highlight lasts 2 s. */
export const EMPTY_DIARY_ALERT_MS = 2_000;

/** Shows the empty-diary message and red border for 2 s; showing again restarts the 2 s. */
export function useEmptyDiaryAlert() {
  const [isShown, setIsShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(() => {
    clearTimeout(timer.current);
    setIsShown(true);
    timer.current = setTimeout(() => setIsShown(false), EMPTY_DIARY_ALERT_MS);
  }, []);
  return { isShown, show };
}
