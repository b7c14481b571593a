import { formatDayRange, REPORT_SECTIONS, type ReportLink } from '@wellspring/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { hasErrorCode } from '@/lib/api-client';
import { describeError } from '@/lib/error-messages';
import { countOf } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date-time';
import { useReportLinks } from '../api/get-report-links';
import { useRevokeReportLink } from '../api/revoke-report-link';

export const LINKS_LOAD_FAILURE_MESSAGE = 'Your links could not be loaded.';
export const LINK_REVOKED_MESSAGE = 'The link was revoked: it opens nothing from now on';
export const LINK_GONE_MESSAGE = 'That link had already gone';

function DateLine({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="inline">{label} </dt>
      <dd className="inline">
        <time dateTime={value} className="text-ink-soft">
          {formatDateTime(value)}
        </time>
      </dd>
    </div>
  );
}

/** What a link shows, in a few words: 'All sections, 2 diary entries'. */
function describeSections(link: ReportLink): string {
  const sections =
    link.sections.length === REPORT_SECTIONS.length
      ? 'All sections'
      : countOf(link.sections.length, 'section');
  return link.diaryEntries > 0
    ? `${sections}, ${countOf(link.diaryEntries, 'diary entry', 'diary entries')}`
    : sections;
}

/** The last question before a link goes; it takes the focus when it shows. */
function RevokeQuestion({
  isRevoking,
  onYes,
  onNo,
}: {
  isRevoking: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const id = useId();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-3"
    >
      <p id={id} ref={question} tabIndex={-1} className="font-semibold text-red-800 outline-none">
        Revoke this link?
      </p>
      <p className="text-sm text-ink-soft">
        Whoever has it can no longer open the report, from now on. This cannot be undone.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" size="sm" onClick={onYes} isLoading={isRevoking}>
          Yes, revoke it
        </Button>
        <Button variant="secondary" size="sm" onClick={onNo} disabled={isRevoking}>
          Keep it
        </Button>
      </div>
    </div>
  );
}

function LinkRow({
  link,
  isAsking,
  isRevoking,
  onAsk,
  onRevoke,
  onKeep,
}: {
  link: ReportLink;
  isAsking: boolean;
  isRevoking: boolean;
  onAsk: () => void;
  onRevoke: () => void;
  onKeep: () => void;
}) {
  const range = formatDayRange(link.from, link.to);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-card p-4 shadow-xs">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
        <span className="min-w-0 break-words">{range}</span>
        {link.expired && (
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-ink-soft ring-1 ring-line">
            Expired
          </span>
        )}
      </p>
      <dl className="flex flex-col gap-0.5 text-sm text-ink-muted">
        <div>
          <dt className="sr-only">Shows </dt>
          <dd>{describeSections(link)}</dd>
        </div>
        <DateLine label="Created" value={link.createdAt} />
        {link.expired ? (
          <DateLine label="Expired" value={link.expiresAt} />
        ) : (
          <DateLine label="Expires" value={link.expiresAt} />
        )}
        <div>
          <dt className="inline">Opened </dt>
          <dd className="inline text-ink-soft">
            {link.openCount === 0 ? 'not yet' : countOf(link.openCount, 'time')}
          </dd>
        </div>
        {link.lastOpenedAt && <DateLine label="Last opened" value={link.lastOpenedAt} />}
      </dl>
      {isAsking ? (
        <RevokeQuestion isRevoking={isRevoking} onYes={onRevoke} onNo={onKeep} />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={onAsk}
          aria-label={`Revoke the link to ${range}, created ${formatDateTime(link.createdAt)}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * The person's links for a clinician (decision 084), live and lately expired, newest first: what
 * each shows, when it was made and stops, how often it was opened; each can be revoked, after
 * a question. On the report page and beside the sessions (app/profile-dialog.tsx).
 */
export function ReportLinks({
  title,
  description,
  footer,
}: {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
}) {
  const links = useReportLinks();
  const revoke = useRevokeReportLink();
  const [askingId, setAskingId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  const onRevoke = (link: ReportLink) => {
    revoke.mutate(link, {
      onSuccess: () => {
        setAskingId(null);
        toast.success(LINK_REVOKED_MESSAGE);
        // The row, and the button that was pressed, are gone: the focus stays in the list.
        heading.current?.focus();
      },
      onError: (error) => {
        setAskingId(null);
        toast.error(
          hasErrorCode(error, 'REPORT_LINK_INVALID') || hasErrorCode(error, 'NOT_FOUND')
            ? LINK_GONE_MESSAGE
            : describeError(error),
        );
        heading.current?.focus();
      },
    });
  };

  const list = links.data ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-ink outline-none"
        >
          {title}
        </h3>
        {description && <p className="text-sm leading-relaxed text-ink-muted">{description}</p>}
      </div>
      {links.isPending ? (
        <Spinner label="Loading your links" className="my-3" />
      ) : links.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-800">
          <p>{LINKS_LOAD_FAILURE_MESSAGE}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void links.refetch()}
            isLoading={links.isFetching}
          >
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-ink-soft">No links.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={title}>
          {list.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              isAsking={askingId === link.id}
              isRevoking={revoke.isPending && revoke.variables?.id === link.id}
              onAsk={() => setAskingId(link.id)}
              onKeep={() => setAskingId(null)}
              onRevoke={() => onRevoke(link)}
            />
          ))}
        </ul>
      )}
      {footer}
    </section>
  );
}
