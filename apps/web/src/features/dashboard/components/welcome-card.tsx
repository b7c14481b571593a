import { isChosenMood, MOOD_COLORS, type User } from '@wellspring/shared';
import { useState } from 'react';
import { formatClockTime, formatLongLocalDate, getTodayIn } from '@/lib/format';
import { useClock } from '../hooks/use-clock';

/** The clock alone re-renders every second, not the card around it. */
function LiveClock({ timeZone }: { timeZone: string | undefined }) {
  const now = useClock();
  return (
    <>
      <p className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">
        <time dateTime={now.toISOString()}>{formatClockTime(now, timeZone)}</time>
      </p>
      <p className="text-sm font-medium text-white/90 sm:text-base">
        {formatLongLocalDate(getTodayIn(timeZone, now))}
      </p>
    </>
  );
}

/** The dashboard's header: the chosen background, the greeting and a live 12-hour clock. */
export function WelcomeCard({ user, className }: { user: User | undefined; className?: string }) {
  const backgroundURL = user?.selectedBackgroundURL ?? null;
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const showImage = backgroundURL !== null && failedURL !== backgroundURL;
  const mood = user?.mood;

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
          onError={() => setFailedURL(backgroundURL)}
        />
      )}
      {/* A scrim behind the words, so white text stays readable on any artwork. */}
      <div
        className="absolute inset-0 -z-10 bg-[linear-gradient(100deg,rgb(22_18_52/0.82)_0%,rgb(22_18_52/0.62)_45%,rgb(22_18_52/0.18)_100%)]"
        aria-hidden
      />
      <div className="flex min-h-52 flex-col justify-center gap-3 p-6 sm:min-h-60 sm:p-8">
        {mood && isChosenMood(mood) && (
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/15 py-1.5 pr-3.5 pl-2.5 text-sm font-semibold backdrop-blur-sm">
            <span
              className="size-3 rounded-full ring-2 ring-white/70"
              style={{ backgroundColor: MOOD_COLORS[mood] }}
              aria-hidden
            />
            Feeling {mood}
          </p>
        )}
        <h2 id="welcome-title" className="text-2xl leading-tight font-bold sm:text-4xl">
          Hi There! Welcome Back
        </h2>
        <LiveClock timeZone={user?.timeZone} />
      </div>
    </section>
  );
}
