import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChosenMood, ImportPreview, ImportRun } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { importKeys } from '@/lib/query-keys';

/*
 * Importing from another app (decisions 080 and 081): the file is sent as it is, once for a
 * preview and again to import it; the import runs on the server, its progress polled from
 * GET /v1/imports. Types only from the contract (decision 038).
 */

/** How often the list is asked again while an import runs. */
export const IMPORT_POLL_MS = 500;

/** The media type a file is sent as, from its name: a CSV file's own type varies by system. */
export function uploadType(file: File): string {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

export async function previewImport(userId: string, file: File): Promise<ImportPreview> {
  const answer = await api.post<SuccessBody<ImportPreview>>('/imports/preview', undefined, {
    query: { id: userId },
    upload: { file, type: uploadType(file) },
  });
  return answer.data;
}

export async function startImport(
  userId: string,
  file: File,
  moods: Record<string, ChosenMood>,
): Promise<ImportRun> {
  const answer = await api.post<SuccessBody<ImportRun>>('/imports', undefined, {
    query: { id: userId, moods: JSON.stringify(moods) },
    upload: { file, type: uploadType(file) },
  });
  return answer.data;
}

export function isRunning(run: ImportRun): boolean {
  return run.status === 'running' || run.status === 'cancelling';
}

/** The user's imports, newest first; asked again every half second while one runs. */
export function useImports() {
  const { userId } = useSession();
  return useQuery({
    queryKey: importKeys.list(userId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<SuccessBody<ImportRun[]>>('/imports', { query: { id: userId! }, signal }))
        .data,
    enabled: Boolean(userId),
    // Progress is news: a copy restored from the device after a reload is asked again at once.
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data ?? []).some(isRunning) ? IMPORT_POLL_MS : false),
  });
}

export function usePreviewImport() {
  const { userId } = useSession();
  return useMutation({ mutationFn: (file: File) => previewImport(userId!, file) });
}

export function useStartImport() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, moods }: { file: File; moods: Record<string, ChosenMood> }) =>
      startImport(userId!, file, moods),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** Cancels a running import or undoes a finished one (DELETE /v1/imports/:importId). */
export function useCancelOrUndoImport() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (importId: string) =>
      (
        await api.delete<SuccessBody<ImportRun>>(`/imports/${importId}`, {
          query: { id: userId! },
        })
      ).data,
    // What the import wrote is gone: every view of the account may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
