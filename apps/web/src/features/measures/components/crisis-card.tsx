import { ExternalLink, HeartHandshake, Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { HELPLINE_DIRECTORY_URL } from '@/config/helplines';
import { useSupportResources } from '../api/measures';

/**
 * The safety step (decision 083): after a PHQ-9 whose ninth answer is not "Not at all", before the
 * score, a calm card with the deployment's crisis resources. Its words follow the safe messaging
 * guidance of the dashboard's support card (decision 037). Nothing is sent to anyone.
 */
export function CrisisCard({ onContinue }: { onContinue: () => void }) {
  const resources = useSupportResources();
  const heading = useRef<HTMLHeadingElement>(null);

  // The card replaces the questions: focus goes to its heading, where a screen reader starts.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="crisis-title"
      className="flex flex-col gap-4 rounded-2xl border border-violet-100 bg-card p-5 shadow-card sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-brand-violet">
          <HeartHandshake className="size-5" aria-hidden />
        </span>
        <h2
          id="crisis-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink outline-none"
        >
          You do not have to carry this alone
        </h2>
      </div>
      <p className="text-[15px] leading-relaxed text-ink-soft">
        You said that on some days you had thoughts that you would be better off dead, or of hurting
        yourself. Thank you for answering honestly. Talking to someone can help, and you can reach
        out today, whatever your score.
      </p>
      {resources.isError ? (
        <p className="text-[15px] leading-relaxed text-ink">
          A helpline in your country is listed at{' '}
          <a
            href={HELPLINE_DIRECTORY_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-violet underline underline-offset-2"
          >
            findahelpline.com
          </a>
          .
        </p>
      ) : !resources.data ? (
        <Skeleton className="h-16" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="People you can talk to">
          {resources.data.map((resource) => (
            <li key={resource.name} className="flex flex-col gap-1">
              <span className="text-[15px] font-medium text-ink">{resource.name}</span>
              <span className="flex flex-wrap gap-x-4 gap-y-1">
                {resource.phone && (
                  <a
                    href={`tel:${resource.phone.replace(/[^+0-9]/g, '')}`}
                    className="inline-flex items-center gap-1 font-semibold text-brand-violet underline underline-offset-2"
                  >
                    <Phone className="size-4" aria-hidden />
                    Call {resource.phone}
                  </a>
                )}
                {resource.url && (
                  <a
                    href={resource.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-semibold text-brand-violet underline underline-offset-2"
                  >
                    Open {new URL(resource.url).host}
                    <span className="sr-only"> (opens in a new tab)</span>
                    <ExternalLink className="size-4" aria-hidden />
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-[15px] leading-relaxed text-ink">
        If you are in danger right now, call your local emergency number.
      </p>
      <p className="text-sm text-ink-muted">Your answers stay here. Nothing is sent to anyone.</p>
      <div>
        <Button variant="secondary" onClick={onContinue}>
          See my score
        </Button>
      </div>
    </section>
  );
}
