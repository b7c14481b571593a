/*
 * The landing page's only script (decision 049): the page is the build's rendered-ahead HTML
 * (home/landing.html), never hydrated by the app; this makes its interactive parts work. The app's
 * entry is main.tsx, which the landing page does not load.
 */
import { env } from './config/env';
import { startLandingPage } from './features/landing/script/landing-script';
import { startFinishingSignOuts } from './lib/sessions-to-end';

void startLandingPage(document, env.API_BASE);
// The next person on a shared device may open only this page: a sign-out made offline is
// finished here too (decision 065).
startFinishingSignOuts();
