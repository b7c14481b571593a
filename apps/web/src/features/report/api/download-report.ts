import { useMutation } from '@tanstack/react-query';
import type { ReportRequest } from '@wellspring/shared';
import { useSession } from '@/lib/auth';
import { downloadFile, type DownloadedFile } from '@/lib/download-file';
import { saveFile } from '@/lib/save-file';

export type ReportFileKind = 'pdf' | 'csv';

/** The name a report's file gets when the server gives none: the server's own pattern. */
export function reportFileName(range: { from: string; to: string }, kind: ReportFileKind): string {
  return `wellspring-report-${range.from}-to-${range.to}.${kind}`;
}

/** POST /v1/reports/pdf?id= (or /csv): the same report as a file. */
export function downloadReport(
  userId: string,
  request: ReportRequest,
  kind: ReportFileKind,
): Promise<DownloadedFile> {
  return downloadFile(`/reports/${kind}`, {
    method: 'POST',
    query: { id: userId },
    body: request,
    fallbackName: reportFileName(request, kind),
  });
}

/** Downloads a report as a PDF or a CSV and hands it to the browser; answers the file's name. */
export function useDownloadReport() {
  const { userId } = useSession();
  return useMutation({
    mutationFn: async ({ request, kind }: { request: ReportRequest; kind: ReportFileKind }) => {
      const { blob, filename } = await downloadReport(userId ?? '', request, kind);
      saveFile(blob, filename);
      return filename;
    },
  });
}
