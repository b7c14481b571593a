import type { Finding } from '@wellspring/shared';
import { Sparkles } from 'lucide-react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Skeleton } from '@/components/ui/skeleton';
import { useFindings } from '../api/get-findings';

function Days({ count }: { count: number }) {
  return (
    <>
      <FormattedNumber value={count} /> {count === 1 ? 'day' : 'days'}
    </>
  );
}

/** 'Based on 12 days with and 30 days without.' */
function FindingSupport({ finding }: { finding: Finding }) {
  return (
    <>
      Based on <Days count={finding.daysWith} /> with and <Days count={finding.daysWithout} />{' '}
      without.
    </>
  );
}

/**
 * What went together with a better mood (decision 036), as the server words it ("went
 * together", never a cause), each with the days it rests on; a kind sentence when there is not
 * enough yet.
 */
export function FindingsList() {
  const findings = useFindings();
  return (
    <section
      aria-labelledby="findings-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <h2 id="findings-title" className="flex items-center gap-2 text-base font-semibold text-ink">
        <Sparkles className="size-[18px] text-brand-violet" aria-hidden />
        What went together
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Patterns in your own days. They show what came together, not what caused what.
      </p>
      {findings.isError ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Your findings could not be loaded. Please try again later.
        </p>
      ) : findings.isPending ? (
        <div className="mt-4 grid gap-3 md:grid-cols-2">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : findings.data.findings.length === 0 ? (
        <p className="mt-4 rounded-xl bg-surface px-4 py-3 text-sm text-ink-soft">
          There is not enough to say yet. A finding needs at least 5 days on each side, so keep
          noting your mood and your days, and patterns will show up here in time.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {findings.data.findings.map((finding) => (
            <li
              key={`${finding.kind}-${finding.subject ?? ''}`}
              className="rounded-xl border border-line bg-surface/40 p-4"
            >
              <p className="text-sm font-medium text-ink">{finding.text}</p>
              <p className="mt-2 text-xs text-ink-muted">
                <FindingSupport finding={finding} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
