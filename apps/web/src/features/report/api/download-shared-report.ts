import { useMutation } from '@tanstack/react-query';
import type { Report } from '@wellspring/shared';
import { downloadFile } from '@/lib/download-file';
import { saveFile } from '@/lib/save-file';
import { reportFileName, type ReportFileKind } from './download-report';

/** POST /v1/shared-reports/pdf (or /csv): the link's report as a file, by its token. */
export function useDownloadSharedReport(token: string) {
  return useMutation({
    mutationFn: async ({ report, kind }: { report: Report; kind: ReportFileKind }) => {
      const { blob, filename } = await downloadFile(`/shared-reports/${kind}`, {
        method: 'POST',
        body: { token },
        fallbackName: reportFileName(report, kind),
      });
      saveFile(blob, filename);
      return filename;
    },
  });
}
