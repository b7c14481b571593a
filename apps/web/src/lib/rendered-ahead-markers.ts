/*
 * The attributes by which the landing page's own script (src/landing.ts) finds the parts it works
 * on the rendered-ahead page (decision 049). Plain constants: the script imports them without
 * React.
 */

/** What shows a part of the rendered-ahead page (see lib/rendered-ahead.tsx). */
export type VisitorCondition =
  | 'signed-in'
  | 'signed-out'
  | 'without-google'
  | 'dev-sign-in'
  | 'account-deleted'
  | 'sign-in-failed';

/** Carries a part's condition. */
export const CONDITION_ATTRIBUTE = 'data-when';
/** On a Google sign-in link: where it leads on a server without Google sign-in. */
export const WITHOUT_GOOGLE_HREF_ATTRIBUTE = 'data-without-google-href';
/** On the button that opens and closes the small-screen menu (its aria-controls names the menu). */
export const MENU_TOGGLE_ATTRIBUTE = 'data-menu-toggle';
/** On an accordion's element: its buttons' aria-controls name their answers. */
export const ACCORDION_ATTRIBUTE = 'data-accordion';
/** On each tab's content in a tab panel, holding the tab's index. */
export const TAB_CONTENT_ATTRIBUTE = 'data-tab-content';
/** On a Dismiss button: hides the part it is in. */
export const DISMISS_ATTRIBUTE = 'data-dismiss';
