import { ExternalLink, HeartHandshake } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { HELPLINE_DIRECTORY_URL } from '@/config/helplines';
import { cn } from '@/lib/cn';
import { focusPageHeading } from '@/lib/focus';
import { useDismissSupport, useSupport } from '../api/support';

/** The small things the card suggests: everyday, kind, nothing clinical. */
export const SUPPORT_SMALL_THINGS = [
  'A glass of water and a short walk outside',
  'Writing a few lines about how the day went',
  'Reaching out to someone you trust, even with a short message',
] as const;

/**
 * The gentle support card: after a run of low moods the dashboard says, calmly, that hard days
 * happen, offers a few small things that help and points to people who listen. Never a diagnosis or
 * a score, never blocking; "Not now" hides it for 7 days. Its words were reviewed against the
 * Samaritans' and WHO's safe messaging guidance (decision 037).
 */
export function SupportCard({ className }: { className?: string }) {
  const titleId = useId();
  const support = useSupport();
  const dismiss = useDismissSupport();
  const show = support.data?.show ?? false;
  const dismissedHere = useRef(false);

  // The card goes with the button pressed: focus moves to the page's heading, never to <body>
  // (decision 025), unless the user has moved it elsewhere meanwhile.
  useEffect(() => {
    if (show || !dismissedHere.current) return;
    dismissedHere.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) focusPageHeading();
  }, [show]);

  if (!show) return null;

  const notNow = () => {
    dismissedHere.current = true;
    dismiss.mutate();
  };

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-violet-100 bg-card p-5 shadow-card sm:p-6',
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-brand-violet">
          <HeartHandshake className="size-5" aria-hidden />
        </span>
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          Hard days happen
        </h2>
      </div>
      <p className="text-[15px] leading-relaxed text-ink-soft">
        Some days feel heavier than others, and that is part of being human. Be gentle with yourself
        today: things can feel different with a little time and support.
      </p>
      <div className="flex flex-col gap-2">
        <p className="text-[15px] font-medium text-ink">A few small things that can help:</p>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-[15px] leading-relaxed text-ink-soft">
          {SUPPORT_SMALL_THINGS.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      </div>
      <p className="text-[15px] leading-relaxed text-ink">
        If you are struggling, talking to someone helps.{' '}
        <a
          href={HELPLINE_DIRECTORY_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold text-brand-violet underline underline-offset-2"
        >
          Find a helpline near you
          <span className="sr-only"> (opens in a new tab)</span>
          <ExternalLink className="size-4" aria-hidden />
        </a>
      </p>
      <p className="text-[15px] leading-relaxed text-ink">
        If you are in danger right now, call your local emergency number.
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={notNow}>
          Not now
        </Button>
      </div>
    </section>
  );
}
