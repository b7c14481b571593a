/** The first stop for keyboard users: straight to the page's main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-xl bg-card px-4 py-3 font-semibold text-brand-violet shadow-lifted focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
