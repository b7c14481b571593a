import { paths } from '@/config/paths';

/**
 * Leaves the app for the landing page. The landing page is the server's rendered-ahead HTML with a
 * script of its own, which the app never renders (decision 068), so every way there from the app
 * is a full load; it takes the place of the page left, as the app's own redirects did. The service
 * worker answers it from its precache when offline (src/sw/navigation.ts).
 */
export function loadLandingPage(): void {
  window.location.replace(paths.home.landing);
}
