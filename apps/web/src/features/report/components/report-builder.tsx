import type { ReportRequest } from '@wellspring/shared';
import { Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { describeError } from '@/lib/error-messages';
import { useDownloadReport } from '../api/download-report';
import { useReport } from '../api/get-report';
import { useReportChoices } from '../hooks/use-report-choices';
import { ClinicianLink } from './clinician-link';
import { ReportForm, type ReportAction } from './report-form';
import { ReportView } from './report-view';

export const PREVIEW_FAILURE_TITLE = 'The preview could not be made.';

/** The preview of the request last asked for, with Print; the focus goes to it once it shows. */
function ReportPreview({ request }: { request: ReportRequest }) {
  const report = useReport(request);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (report.data) title.current?.focus();
  }, [report.data]);

  if (report.isPending) return <Spinner label="Making the preview" className="mx-auto my-6" />;
  if (report.isError) {
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <p className="font-semibold">{PREVIEW_FAILURE_TITLE}</p>
        <p>{describeError(report.error)}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <p className="text-sm text-ink-muted">The same report as the PDF. Print it from here.</p>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          Print
        </Button>
      </div>
      <ReportView report={report.data} titleRef={title} />
    </div>
  );
}

/**
 * The report page's work (decision 084): choose what the report covers, preview it, download it
 * as a PDF or a CSV, or make a link for a clinician.
 */
export function ReportBuilder({ today }: { today: string }) {
  const state = useReportChoices(today);
  // Each Preview asks anew (count): the same request again shows the same report, focused again.
  const [previewed, setPreviewed] = useState<{ request: ReportRequest; count: number } | null>(
    null,
  );
  const download = useDownloadReport();

  const onAction = (action: ReportAction) => {
    if (!state.request) return;
    if (action === 'preview') {
      const request = state.request;
      setPreviewed((last) => ({ request, count: (last?.count ?? 0) + 1 }));
      return;
    }
    download.mutate(
      { request: state.request, kind: action },
      {
        onSuccess: (filename) => toast.success(`Saved ${filename} to your downloads.`),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  const pending: ReportAction | null = download.isPending ? download.variables.kind : null;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
        <ReportForm today={today} state={state} pending={pending} onAction={onAction} />
        <ClinicianLink request={state.request} problem={state.problem} />
      </div>
      {previewed && (
        <section aria-label="Preview" className="flex min-w-0 flex-col gap-3">
          <ReportPreview key={previewed.count} request={previewed.request} />
        </section>
      )}
    </div>
  );
}
