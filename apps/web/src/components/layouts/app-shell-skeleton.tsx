import { Logo } from '@/components/ui/logo';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The signed-in area's frame with grey cards, shown while its code and data are on their way: a
 * slow phone sees the app's shape at once instead of a blank page. The build also renders it
 * into app-shell.html, which the server sends for every /app page before any script has run.
 * Plain markup only (no hooks, no media queries), so that rendering ahead and in the browser agree.
 */
export function AppShellSkeleton() {
  return (
    <div className="min-h-dvh bg-canvas" data-app-shell="" aria-busy="true">
      <header className="sticky top-0 z-40 border-b border-line/70 bg-card/90">
        <div className="mx-auto flex h-[64px] max-w-[1440px] items-center gap-6 px-4 sm:px-6 xl:h-[72px] xl:px-8">
          <Logo />
          <div className="hidden flex-1 justify-center gap-2 xl:flex">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-10 w-28 rounded-full" />
            ))}
          </div>
          <Skeleton className="ml-auto size-10 rounded-full xl:ml-0 xl:w-40" />
        </div>
      </header>
      <main className="mx-auto w-full max-w-[1440px] px-4 pt-6 pb-28 sm:px-6 xl:px-8 xl:pb-12">
        <p role="status" className="sr-only">
          Loading your page
        </p>
        {/*
          The page's column, spaced as the dashboard's: on /app/dashboard the frame's script puts
          the welcome card, rendered ahead, at its top (decision 052).
        */}
        <div className="flex flex-col gap-5 lg:gap-6" data-frame-page="">
          <div className="grid gap-6 lg:grid-cols-3">
            <Skeleton className="h-52 rounded-3xl lg:col-span-2" />
            <Skeleton className="h-52 rounded-3xl" />
            <Skeleton className="h-64 rounded-3xl" />
            <Skeleton className="h-64 rounded-3xl lg:col-span-2" />
          </div>
        </div>
      </main>
    </div>
  );
}
