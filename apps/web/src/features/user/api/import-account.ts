import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_BODY_LIMIT_BYTES, type ImportCounts } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';

/** A file refused before it is sent: too large, empty or not JSON. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

export const IMPORT_TOO_LARGE_MESSAGE =
  'This file is larger than 20 MB, the most an import takes. Choose a Wellspring export file.';
export const IMPORT_EMPTY_MESSAGE = 'This file is empty. Choose a Wellspring export file.';
export const IMPORT_NOT_JSON_MESSAGE =
  'This file is not a Wellspring export: it is not valid JSON. Choose the .json file that “Download my data” saved.';

/** Reads a chosen file as JSON, refusing what the server would refuse anyway. */
export async function readImportFile(file: Blob): Promise<unknown> {
  if (file.size > IMPORT_BODY_LIMIT_BYTES) throw new ImportFileError(IMPORT_TOO_LARGE_MESSAGE);
  const text = await file.text();
  if (text.trim() === '') throw new ImportFileError(IMPORT_EMPTY_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImportFileError(IMPORT_NOT_JSON_MESSAGE);
  }
}

/**
 * POST /v1/account/import with the file as the JSON body: answers how many rows came in.
 * 409 ACCOUNT_NOT_EMPTY when the account already has activity; 400 for a file it cannot take.
 */
export async function importAccount(file: Blob): Promise<ImportCounts> {
  const body = await readImportFile(file);
  const answer = await api.post<SuccessBody<ImportCounts>>('/account/import', body);
  return answer.data;
}

export function useImportAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAccount,
    // Everything the account holds may have changed: the user, goals, tasks, diaries, history.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
