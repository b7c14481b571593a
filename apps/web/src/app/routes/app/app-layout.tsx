import { Outlet } from 'react-router';
import { CompactNav, WideNavBar } from '@/components/layouts/app-navigation';
import { SkipLink } from '@/components/layouts/skip-link';
import { useDialog } from '@/components/ui/dialog';
import { WIDE_NAV_QUERY } from '@/config/breakpoints';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { CheckInButton } from '@/features/check-in/components/check-in-button';
import { DeveloperDialogButton } from '@/features/developer/components/developer-dialog';
import { RewardButton } from '@/features/goal/components/reward-button';
import { ThemeSync } from '@/features/user/components/theme-sync';
import { useDayChangeRefresh } from '@/hooks/use-day-change-refresh';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useTimeZoneSync } from '@/hooks/use-time-zone-sync';
import { useUser } from '@/lib/auth';

/** The signed-in area: the navigation for the viewport, then the screen. */
export function AppLayout() {
  const userQuery = useUser();
  const isWideNav = useMediaQuery(WIDE_NAV_QUERY);
  const { open } = useDialog();
  useTimeZoneSync(userQuery.data);
  useDayChangeRefresh(userQuery.data?.timeZone);
  // A lost account or an unreachable server goes to the root error page.
  if (userQuery.isError) throw userQuery.error;
  const openProfile = () => open('userProfile');

  return (
    <div className="min-h-dvh bg-canvas">
      <SkipLink />
      <ThemeSync />
      {isWideNav ? (
        <WideNavBar
          user={userQuery.data}
          onOpenProfile={openProfile}
          rewardSlot={<RewardButton />}
        />
      ) : (
        <CompactNav user={userQuery.data} onOpenProfile={openProfile} />
      )}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-[1440px] px-4 pt-6 pb-28 outline-none sm:px-6 xl:px-8 xl:pb-12"
      >
        <VerifyEmailBanner user={userQuery.data} className="mb-6" />
        <Outlet />
      </main>
      {/* The quick check-in from every signed-in page (decision 073). */}
      <CheckInButton />
      {import.meta.env.DEV && <DeveloperDialogButton />}
    </div>
  );
}
