import { createContext, useContext, type ReactNode } from 'react';
import { useIsSignedIn } from './auth';
import { CONDITION_ATTRIBUTE, type VisitorCondition } from './rendered-ahead-markers';

/*
 * The landing page as the build renders it ahead (src/prerender.tsx) is never hydrated: a small
 * script of its own (src/landing.ts) makes its parts work (decision 049). What depends on the
 * visitor (signed in or not, the server's sign-in providers, an account just deleted) cannot be
 * known at build time, so the rendered page holds every variant of such a part, each marked with
 * the condition that shows it; the script shows the ones that hold. The app never renders the
 * landing page (decision 068), but its FAQ, Terms and Privacy pages share the top bar and the
 * closing banner, whose session-dependent parts render there the one variant that holds.
 */

/** True while the build renders a page ahead for its HTML file. */
export const RenderedAheadContext = createContext(false);

export function useIsRenderedAhead(): boolean {
  return useContext(RenderedAheadContext);
}

/**
 * A part of a rendered-ahead page shown only when `when` holds; no box of its own. `signed-out`
 * shows until the script says otherwise (the page as built, and as a visitor without script sees
 * it). Every other condition's part waits in a template, out of the page (its words are not
 * found, read or indexed), until the script puts it in.
 */
export function VisitorVariant({
  when,
  children,
}: {
  when: VisitorCondition;
  children: ReactNode;
}) {
  const attributes = { [CONDITION_ATTRIBUTE]: when };
  const part = (
    <div {...attributes} className="contents">
      {children}
    </div>
  );
  return when === 'signed-out' ? part : <template {...attributes}>{part}</template>;
}

/**
 * The signed-in or the signed-out form of a part: in the app, the one that holds; rendered ahead,
 * both, for the script to choose.
 */
export function BySession({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const isRenderedAhead = useIsRenderedAhead();
  const isSignedIn = useIsSignedIn();
  if (!isRenderedAhead) return isSignedIn ? signedIn : signedOut;
  return (
    <>
      {signedOut !== null && <VisitorVariant when="signed-out">{signedOut}</VisitorVariant>}
      {signedIn !== null && <VisitorVariant when="signed-in">{signedIn}</VisitorVariant>}
    </>
  );
}
