import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AboutSection } from '@/features/landing/components/about-section';
import { FaqSection } from '@/features/landing/components/faq-section';
import { GetStartedBanner } from '@/features/landing/components/get-started-banner';
import { HeroSection } from '@/features/landing/components/hero-section';
import { HowItWorksSection } from '@/features/landing/components/how-it-works-section';
import { LandingNotices } from '@/features/landing/components/landing-notices';
import { loadLandingPage } from '@/lib/landing-page';

/**
 * The landing page's markup, for the build to render ahead (src/prerender.tsx): the server sends
 * that file with its own script, and the app never renders the page (decision 068). An arrival
 * from another page of the app loads it in full. Only a server that sends the app itself for this
 * address (Vite's development server) finds the markup here: its menu, tabs and accordion work
 * through their refs, the session's parts follow the app's session, and the notices stay out.
 */
export function LandingPage() {
  // React Router keys the first entry of a document 'default': this document was asked for here.
  const isAskedForHere = useLocation().key === 'default';
  // Not <LeaveForLandingPage />: the app's entry imports that module, and a lazy chunk importing
  // it too keeps the build from folding the shared libraries into the entry (decision 068).
  useEffect(() => {
    if (!isAskedForHere) loadLandingPage();
  }, [isAskedForHere]);
  if (!isAskedForHere) return null;
  return (
    <>
      <LandingNotices />
      <HeroSection />
      <AboutSection />
      <HowItWorksSection />
      <FaqSection />
      <GetStartedBanner />
    </>
  );
}
