import { AboutSection } from '@/features/landing/components/about-section';
import { AccountDeletedNotice } from '@/features/landing/components/account-deleted-notice';
import { FaqSection } from '@/features/landing/components/faq-section';
import { GetStartedBanner } from '@/features/landing/components/get-started-banner';
import { HeroSection } from '@/features/landing/components/hero-section';
import { HowItWorksSection } from '@/features/landing/components/how-it-works-section';

export function LandingPage() {
  return (
    <>
      <AccountDeletedNotice />
      <HeroSection />
      <AboutSection />
      <HowItWorksSection />
      <FaqSection />
      <GetStartedBanner />
    </>
  );
}
