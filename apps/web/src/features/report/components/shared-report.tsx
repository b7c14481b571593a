import { Download, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isClientError } from '@/lib/api-client';
import { getSessionStorage } from '@/lib/browser-storage';
import { describeError } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date-time';
import type { ReportFileKind } from '../api/download-report';
import { useDownloadSharedReport } from '../api/download-shared-report';
import { useSharedReport, type SharedReport } from '../api/open-shared-report';
import { ReportView } from './report-view';

export const LINK_INVALID_TITLE = 'This link cannot be opened';
export const LINK_INVALID_MESSAGE =
  'This link has expired or was revoked. Ask the person who shared it for a new one.';

/**
 * Where this tab keeps the link's token once the address no longer shows it, so that a reload
 * opens the report again; the tab's own storage, gone when it closes.
 */
const TOKEN_KEY = 'wellspring-shared-report';

/**
 * The token of the link: from the address's fragment on arrival (it never reaches a server's
 * log), else the one this tab kept; null when there is none.
 */
function readToken(hash: string): string | null {
  const fromHash = decodeURIComponent(hash.replace(/^#/, '')).trim();
  const storage = getSessionStorage();
  if (fromHash) {
    try {
      storage?.setItem(TOKEN_KEY, fromHash);
    } catch {
      // A full or refused storage: a reload then asks for the link again.
    }
    return fromHash;
  }
  return storage?.getItem(TOKEN_KEY) || null;
}

function forgetToken(): void {
  getSessionStorage()?.removeItem(TOKEN_KEY);
}

function InvalidLink() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-3">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink">
        {LINK_INVALID_TITLE}
      </h1>
      <p className="text-[15px] leading-relaxed text-ink-soft">{LINK_INVALID_MESSAGE}</p>
    </section>
  );
}

function OpenedReport({ token, shared }: { token: string; shared: SharedReport }) {
  const download = useDownloadSharedReport(token);
  const save = (kind: ReportFileKind) =>
    download.mutate(
      { report: shared.report, kind },
      {
        onSuccess: (filename) => toast.success(`Saved ${filename} to your downloads.`),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  const pending = download.isPending ? download.variables.kind : null;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 shadow-card sm:flex-row sm:items-center sm:justify-between print:hidden">
        <p className="text-sm text-ink-soft">
          Shared with you, read-only. The link works until{' '}
          <time dateTime={shared.expiresAt} className="font-semibold text-ink">
            {formatDateTime(shared.expiresAt)}
          </time>
          , unless it is revoked sooner.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => save('pdf')} isLoading={pending === 'pdf'}>
            <Download className="size-4" aria-hidden />
            Download PDF
          </Button>
          <Button variant="secondary" onClick={() => save('csv')} isLoading={pending === 'csv'}>
            <Download className="size-4" aria-hidden />
            Download CSV
          </Button>
          <Button variant="ghost" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden />
            Print
          </Button>
        </div>
      </div>
      <ReportView report={shared.report} level={1} />
    </div>
  );
}

/**
 * The clinician's page (decision 084): the report a link shows, read-only, with its files. The
 * token arrives in the fragment, which is dropped from the address at once; an unknown, expired
 * or revoked link gets one calm message. Search engines are asked to keep none of it.
 */
export function SharedReportScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  // The navigation that brought the token, the token, and which opening of this page it is. A
  // link followed again in this tab (only the fragment changes, so the page stays) is a new
  // opening: it may have been revoked since. (Its location has no key of its own to tell it by:
  // a fragment's navigation keeps no history state.)
  const [opening, setOpening] = useState(() => ({
    from: location,
    token: readToken(location.hash),
    visit: 1,
  }));
  if (location.hash && location !== opening.from) {
    setOpening({ from: location, token: readToken(location.hash), visit: opening.visit + 1 });
  }
  const { token } = opening;
  const shared = useSharedReport(token, opening.visit);

  // The token leaves the address bar, the history and anything that copies the address.
  useEffect(() => {
    if (location.hash) void navigate({ hash: '' }, { replace: true });
  }, [location.hash, navigate]);

  const isInvalid = token === null || (shared.isError && isClientError(shared.error));
  useEffect(() => {
    if (isInvalid) forgetToken();
  }, [isInvalid]);

  return (
    <div className="min-h-dvh bg-canvas">
      <meta name="robots" content="noindex, nofollow" />
      <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
        <div className="print:hidden">
          <Logo />
        </div>
        {isInvalid ? (
          <InvalidLink />
        ) : shared.isError ? (
          <section aria-labelledby="page-title" className="flex flex-col gap-3">
            <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink">
              The report could not be opened
            </h1>
            <p role="alert" className="text-[15px] text-ink-soft">
              {describeError(shared.error)}
            </p>
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => void shared.refetch()}
            >
              Try again
            </Button>
          </section>
        ) : shared.data ? (
          <OpenedReport token={token} shared={shared.data} />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-ink">Wellspring report</h1>
            <Spinner label="Opening the report" className="mx-auto my-10" />
          </>
        )}
      </main>
    </div>
  );
}
