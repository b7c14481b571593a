import { Outlet } from 'react-router';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { SkipLink } from '@/components/layouts/skip-link';

/** The public area: the sticky top bar, the page, the footer. */
export function HomeLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <LandingFooter />
    </div>
  );
}
