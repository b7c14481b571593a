import { isChosenMood, MOOD_COLORS, type User } from '@wellspring/shared';
import { useEffect, useState } from 'react';
import { writeStoredBackground } from '@/lib/auth-storage';
import { formatClockTime, formatLongLocalDate, getTodayIn } from '@/lib/format';
import { useClock } from '../hooks/use-clock';

/** The clock alone re-renders every second, not the card around it. */
function LiveClock({ timeZone }: { timeZone: string | undefined }) {
  const now = useClock();
  return (
    <>
      <p className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">
        <time dateTime={now.toISOString()} data-welcome-part="time">
          {formatClockTime(now, timeZone)}
        </time>
      </p>
      <p className="text-sm font-medium text-white/90 sm:text-base" data-welcome-part="date">
        {formatLongLocalDate(getTodayIn(timeZone, now))}
      </p>
    </>
  );
}

/**
 * The dashboard's header: the chosen background, the greeting and a live 12-hour clock. The
 * signed-in frame paints a copy of it before the app has run (rendered ahead into app-shell.html,
 * filled in by utils/welcome-card-ahead.ts through the `data-welcome-part` marks, decision 052):
 * the same markup, so the app's card takes the same box.
 */
export function WelcomeCard({ user, className }: { user: User | undefined; className?: string }) {
  const backgroundURL = user?.selectedBackgroundURL ?? null;
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const showImage = backgroundURL !== null && failedURL !== backgroundURL;
  const mood = user?.mood;
  const isUserKnown = user !== undefined;
  // For the signed-in frame to ask for the picture at once on the next visit (decision 052).
  useEffect(() => {
    if (isUserKnown) writeStoredBackground(backgroundURL);
  }, [isUserKnown, backgroundURL]);

  return (
    <section
      aria-labelledby="welcome-title"
      className={`on-dark relative isolate overflow-hidden rounded-2xl bg-brand-gradient text-white shadow-lifted ${className ?? ''}`}
    >
      {showImage && (
        <img
          src={backgroundURL}
          alt=""
          className="absolute inset-0 -z-20 size-full object-cover"
          data-welcome-part="background"
          onError={() => setFailedURL(backgroundURL)}
        />
      )}
      {/*
        The words sit on a small frosted plate rather than the artwork under a dark veil: each
        background keeps its own colours, and the plate keeps white text at WCAG AA over the
        brightest of them (e2e/first-week-slider-and-reward.spec.ts measures both).
      */}
      <div className="flex min-h-64 flex-col justify-end p-3 pt-14 sm:min-h-60 lg:justify-center lg:p-6">
        <div className="flex w-fit max-w-full flex-col gap-3 rounded-2xl bg-[rgb(22_18_52/0.6)] p-5 backdrop-blur-md sm:p-6">
          {mood && isChosenMood(mood) && (
            <p
              className="inline-flex w-fit items-center gap-2 rounded-full bg-black/20 py-1.5 pr-3.5 pl-2.5 text-sm font-semibold ring-1 ring-white/25"
              data-welcome-part="mood"
            >
              <span
                className="size-3 rounded-full ring-2 ring-white/70"
                style={{ backgroundColor: MOOD_COLORS[mood] }}
                data-welcome-part="mood-color"
                aria-hidden
              />
              {/* One text node, which the frame's copy rewrites. */}
              <span data-welcome-part="mood-text">{`Feeling ${mood}`}</span>
            </p>
          )}
          <h2 id="welcome-title" className="text-2xl leading-tight font-bold sm:text-4xl">
            Hi There! Welcome Back
          </h2>
          <LiveClock timeZone={user?.timeZone} />
        </div>
      </div>
    </section>
  );
}
