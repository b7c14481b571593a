import { useEffect } from 'react';
import { loadLandingPage } from '@/lib/landing-page';

/** A route's way to the landing page: a full load of the server's page (decision 068). */
export function LeaveForLandingPage() {
  useEffect(() => loadLandingPage(), []);
  return null;
}
