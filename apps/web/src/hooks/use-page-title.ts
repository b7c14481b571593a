import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getPageTitle } from '@/config/page-titles';

/** Keeps document.title in step with the current path (one place for every page). */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = getPageTitle(pathname);
  }, [pathname]);
}
