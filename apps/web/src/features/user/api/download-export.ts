import { useMutation } from '@tanstack/react-query';
import { downloadFile, type DownloadedFile } from '@/lib/download-file';
import { saveFile } from '@/lib/save-file';

/** The downloads of "Your data", and the name each gets when the server gives none. */
export const EXPORT_FILES = {
  json: { path: '/account/export', fallbackName: 'wellspring-export.json' },
  tasks: { path: '/account/export/tasks.csv', fallbackName: 'wellspring-tasks.csv' },
  moods: { path: '/account/export/moods.csv', fallbackName: 'wellspring-moods.csv' },
  daylio: { path: '/account/export/daylio.csv', fallbackName: 'wellspring-daylio.csv' },
  pixels: { path: '/account/export/pixels.json', fallbackName: 'wellspring-pixels.json' },
} as const;
export type ExportKind = keyof typeof EXPORT_FILES;

/** GET /v1/account/export (or a CSV): the file itself, named from Content-Disposition. */
export function downloadExport(kind: ExportKind): Promise<DownloadedFile> {
  const file = EXPORT_FILES[kind];
  return downloadFile(file.path, { fallbackName: file.fallbackName });
}

/** Downloads an export and hands it to the browser as a file; answers the file's name. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async (kind: ExportKind) => {
      const { blob, filename } = await downloadExport(kind);
      saveFile(blob, filename);
      return filename;
    },
  });
}
