import { REPORT_LINK_MAX_DAYS, type ReportRequest } from '@wellspring/shared';
import { Copy, Link2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { describeError } from '@/lib/error-messages';
import { countOf } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date-time';
import { useCreateReportLink, type CreatedReportLink } from '../api/create-report-link';
import { ReportLinks } from './report-links';

/** The days a new link works for until the person picks otherwise. */
export const DEFAULT_LINK_DAYS = 7;
const DAY_CHOICES = Array.from({ length: REPORT_LINK_MAX_DAYS }, (_, i) => i + 1);

export const LINK_COPIED_MESSAGE = 'The link is copied';
export const LINK_NOT_COPIED_MESSAGE =
  'The link could not be copied here: select it and copy it yourself';

/** The new link's address, shown this once, with Copy and what the link does. */
function NewLink({ created }: { created: CreatedReportLink }) {
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const noteId = useId();
  // The address is the one thing to do something with now: the focus goes to it.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [created]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      toast.success(LINK_COPIED_MESSAGE);
    } catch {
      field.current?.select();
      toast.error(LINK_NOT_COPIED_MESSAGE);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
      <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
        Your new link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          ref={field}
          readOnly
          value={created.url}
          aria-describedby={noteId}
          onFocus={(event) => event.target.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-card px-3 font-mono text-sm text-ink"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
      </div>
      <p id={noteId} className="text-sm text-ink-soft">
        It opens only this report, read-only, until {formatDateTime(created.link.expiresAt)}, and
        you can revoke it at any time. It is shown only now: copy it before you leave this page.
      </p>
    </div>
  );
}

/**
 * "A link for your clinician" (decision 084): a read-only page of the report chosen above, for 1
 * to 14 days, the address shown once; then every link made, each revocable.
 */
export function ClinicianLink({
  request,
  problem,
}: {
  request: ReportRequest | null;
  problem: string | null;
}) {
  const headingId = useId();
  const [days, setDays] = useState(DEFAULT_LINK_DAYS);
  const [created, setCreated] = useState<CreatedReportLink | null>(null);
  const create = useCreateReportLink();

  const onCreate = () => {
    if (!request) {
      toast.error(`No link yet: ${problem ?? 'choose what the report covers first.'}`);
      return;
    }
    create.mutate(
      { report: request, expiresInDays: days },
      {
        onSuccess: (answer) => setCreated(answer),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Link2 className="size-5 text-brand-violet" aria-hidden />A link for your clinician
        </h2>
        <p className="text-sm leading-relaxed text-ink-soft">
          A page your clinician opens without signing in, showing this report (the range and
          sections chosen above) and nothing else of your account.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="The link works for"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          className="sm:w-48"
        >
          {DAY_CHOICES.map((n) => (
            <option key={n} value={n}>
              {countOf(n, 'day')}
            </option>
          ))}
        </SelectField>
        <Button onClick={onCreate} isLoading={create.isPending}>
          Create link
        </Button>
      </div>
      {created && <NewLink key={created.link.id} created={created} />}
      <ReportLinks title="Your links" />
    </section>
  );
}
