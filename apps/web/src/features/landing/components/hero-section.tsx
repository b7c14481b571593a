import { BookHeart, CircleCheck, Smile, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BySession } from '@/lib/rendered-ahead';
import { GetStartedLink } from './get-started-link';
import { SignInNote } from './sign-in-note';

const HIGHLIGHTS = ['Free to use', 'Private diary', 'Tasks that fit your mood'] as const;

export function HeroSection() {
  return (
    <section
      id="home"
      aria-labelledby="hero-title"
      className="relative scroll-mt-20 overflow-hidden"
    >
      <div
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_85%_20%,rgba(155,81,224,0.16),transparent_70%),radial-gradient(45%_40%_at_10%_90%,rgba(242,153,74,0.14),transparent_70%),radial-gradient(50%_45%_at_15%_10%,rgba(91,75,219,0.10),transparent_70%)]"
        aria-hidden
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 md:pt-16 lg:grid-cols-[1fr_1.1fr] lg:gap-10 lg:pb-24">
        <div className="flex animate-fade-up flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-violet/15 bg-card px-3.5 py-1.5 text-sm font-medium text-brand-violet shadow-sm">
            <Sparkles className="size-4" aria-hidden />
            Your gentle wellness companion
          </p>
          <h1
            id="hero-title"
            className="text-[2.5rem] leading-[1.08] font-bold tracking-tight text-ink sm:text-5xl xl:text-6xl"
          >
            Small daily steps toward a{' '}
            <span className="text-brand-gradient">calmer, brighter you</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-ink-soft">
            Name how you feel, keep a private diary and take on kind little tasks that suit your
            mood. Every task earns wellness points toward your goal, and every goal unlocks new
            artwork.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <GetStartedLink />
            <BySession
              signedIn={null}
              signedOut={
                <Link
                  to={paths.login}
                  className={buttonClasses({ variant: 'secondary', size: 'lg' })}
                >
                  Log in with email
                </Link>
              }
            />
          </div>
          <SignInNote />
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-soft">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5">
                <CircleCheck className="size-4 text-mint" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative animate-fade-up [animation-delay:120ms]">
          <div
            className="absolute -inset-4 -z-10 rounded-[2rem] bg-brand-gradient opacity-20 blur-2xl"
            aria-hidden
          />
          <div className="overflow-hidden rounded-2xl border border-white/70 bg-card p-1.5 shadow-lifted sm:rounded-3xl sm:p-2">
            {/* A screenshot of the real dashboard: npm run capture:dashboard takes it again. */}
            <img
              src="/images/dashboard-1200.webp"
              srcSet="/images/dashboard-600.webp 600w, /images/dashboard-1200.webp 1200w"
              sizes="(min-width: 1024px) 560px, calc(100vw - 3rem)"
              alt="The Wellspring dashboard: a greeting, today's mood, ongoing tasks, the diary and wellness points."
              width={1200}
              height={820}
              fetchPriority="high"
              className="h-auto w-full rounded-xl sm:rounded-2xl"
            />
          </div>
          <div
            className="absolute -bottom-5 left-3 hidden items-center gap-3 rounded-2xl bg-card px-4 py-3 shadow-card sm:flex"
            aria-hidden
          >
            <span className="flex size-9 items-center justify-center rounded-full bg-[#2BB39A]/15 text-mint">
              <Smile className="size-5" />
            </span>
            <span className="text-sm">
              <span className="block font-semibold text-ink">Feeling Happy</span>
              <span className="text-ink-muted">Mood set for today</span>
            </span>
          </div>
          <div
            className="absolute top-[20%] -right-3 hidden items-center gap-3 rounded-2xl bg-card px-4 py-3 shadow-card sm:flex"
            aria-hidden
          >
            <span className="flex size-9 items-center justify-center rounded-full bg-brand-violet/10 text-brand-violet">
              <BookHeart className="size-5" />
            </span>
            <span className="text-sm">
              <span className="block font-semibold text-ink">5-day streak</span>
              <span className="text-ink-muted">Diary written</span>
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
