import { Outlet, useLocation } from 'react-router';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { SkipLink } from '@/components/layouts/skip-link';

/** The public area: the sticky top bar, the page, the footer. */
export function HomeLayout() {
  const { key } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* A new page starts the top bar again as built: its small-screen menu closed (decision 068). */}
      <LandingHeader key={key} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <LandingFooter />
    </div>
  );
}
