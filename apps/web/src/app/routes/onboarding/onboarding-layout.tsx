import { Navigate, Outlet, useLocation } from 'react-router';
import { SkipLink } from '@/components/layouts/skip-link';
import { UserButton } from '@/components/layouts/user-button';
import { useDialog } from '@/components/ui/dialog';
import { Logo } from '@/components/ui/logo';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { OnboardingProgress } from '@/features/onboarding/components/onboarding-progress';
import { getOnboardingStepFromPath } from '@/features/onboarding/utils/steps';
import { ThemeSync } from '@/features/user/components/theme-sync';
import { useTimeZoneSync } from '@/hooks/use-time-zone-sync';
import { useUser } from '@/lib/auth';

/** Onboarding: only until the user has onboarded; after that it leads to the dashboard. */
export function OnboardingLayout() {
  const userQuery = useUser();
  const { open } = useDialog();
  const { pathname } = useLocation();
  useTimeZoneSync(userQuery.data);
  if (userQuery.isError) throw userQuery.error;
  const user = userQuery.data;
  if (user?.hasOnboarded) return <Navigate to={paths.app.dashboard} replace />;
  const step = getOnboardingStepFromPath(pathname);

  return (
    <div className="flex min-h-dvh flex-col bg-canvas bg-[radial-gradient(50%_40%_at_90%_0%,rgba(155,81,224,0.10),transparent_70%),radial-gradient(45%_35%_at_0%_100%,rgba(242,153,74,0.10),transparent_70%)]">
      <SkipLink />
      <ThemeSync />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Logo />
        <UserButton user={user} onClick={() => open('userProfile')} className="max-w-48" />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-8 px-4 pt-4 pb-12 outline-none sm:px-6 sm:pt-8"
      >
        <VerifyEmailBanner user={user} />
        {step && <OnboardingProgress current={step} />}
        {user ? <Outlet /> : <PageSpinner label="Loading your account" />}
      </main>
    </div>
  );
}
