import { Logo } from '@/components/ui/logo';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The signed-in area's frame with grey cards, shown while its code and data are on their way: a
 * slow phone sees the app's shape at once instead of a blank page. The build also renders it
 * into app-shell.html, which the server sends for every /app page before any script has run.
 * Plain markup only (no hooks, no script reading the width: its widths are CSS), so that rendering
 * ahead and in the browser agree.
 */
export function AppShellSkeleton() {
  return (
    <div className="min-h-dvh bg-canvas" data-app-shell="" aria-busy="true">
      {/*
        Where the app's navigation is, as the app lays it out: the wide bar above 1200 px
        (WIDE_NAV_MIN_WIDTH), else the strip with the menu button along the bottom, and no bar
        on top, so what the frame paints ahead (the welcome card) sits where the app's will.
      */}
      <header className="sticky top-0 z-40 hidden border-b border-line/70 bg-card/90 min-[1201px]:block">
        <div className="mx-auto flex h-[72px] max-w-[1440px] items-center gap-6 px-8">
          <Logo />
          <div className="flex flex-1 justify-center gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-10 w-28 rounded-full" />
            ))}
          </div>
          <Skeleton className="h-10 w-40 rounded-full" />
        </div>
      </header>
      <div
        className="fixed inset-x-0 bottom-0 z-40 flex h-(--menu-strip-height) items-center justify-end border-t border-line/70 bg-card/95 px-4 pb-[env(safe-area-inset-bottom)] min-[1201px]:hidden"
        data-frame-menu-strip=""
      >
        <Skeleton className="size-14 rounded-full" />
      </div>
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
