import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { getErrorContent, getErrorSummary } from '@/lib/error-content';

/**
 * The generic router error page for a failing screen inside the signed-in area: the navigation
 * stays, the screen says what broke. Errors the root page knows (network, a lost account, an
 * unknown page) go on up to it.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  if (getErrorContent(error).kind !== 'default') throw error;
  return (
    <section
      aria-labelledby="route-error-title"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-card px-6 py-12 text-center shadow-card"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <h1 id="route-error-title" className="text-2xl font-bold text-ink">
        Unexpected Application Error!
      </h1>
      <p className="font-mono text-sm break-words text-ink-soft">{getErrorSummary(error)}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </section>
  );
}
