import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '@/lib/auth-storage';
import { takeLandingNotices } from '@/lib/landing-notices';
import { failure, json, landingPageLoads } from '@/test/test-utils';
import { openProfileDialog, PROFILE_USER } from '../testing/open-profile-dialog';

const EXPORT_TEXT = JSON.stringify({ format: 'wellspring-export', version: 1, diaries: [] });

function fileAnswer(body: string, headers: Record<string, string>) {
  return () => new Response(body, { status: 200, headers });
}

describe('downloads', () => {
  let clicked: HTMLAnchorElement[];
  let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
  let revokeObjectURL: ReturnType<typeof vi.fn<(url: string) => void>>;

  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

  beforeEach(() => {
    clicked = [];
    // jsdom has neither object URLs nor downloads: record both instead.
    createObjectURL = vi.fn(() => 'blob:http://localhost/export-1');
    revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
  });

  it('fetches the JSON export with the token and saves it under the server’s file name', async () => {
    const { dialog, calls } = await openProfileDialog('Your data', {
      'GET /account/export': fileAnswer(EXPORT_TEXT, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="wellspring-export-2026-11-21.json"',
      }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download my data (JSON)' }));

    expect(
      await within(dialog).findByText('Saved wellspring-export-2026-11-21.json to your downloads.'),
    ).toBeVisible();
    const call = calls.find((c) => c.path === '/account/export')!;
    expect(call.method).toBe('GET');
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');

    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toBe(EXPORT_TEXT);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('wellspring-export-2026-11-21.json');
    expect(clicked[0]!.href).toBe('blob:http://localhost/export-1');
    expect(clicked[0]!.isConnected).toBe(false);
    await waitFor(() =>
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/export-1'),
    );
  });

  it('downloads the files for Daylio and Pixels', async () => {
    const { dialog, calls } = await openProfileDialog('Your data', {
      'GET /account/export/daylio.csv': fileAnswer('full_date,date\r\n', {
        'Content-Type': 'text/csv',
      }),
      'GET /account/export/pixels.json': fileAnswer('[]', { 'Content-Type': 'application/json' }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'For Daylio (CSV)' }));
    expect(
      await within(dialog).findByText('Saved wellspring-daylio.csv to your downloads.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'For Pixels (JSON)' }));
    expect(
      await within(dialog).findByText('Saved wellspring-pixels.json to your downloads.'),
    ).toBeVisible();
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/account/export/daylio.csv', '/account/export/pixels.json']),
    );
  });

  it('names a CSV download by its kind when the server gives no name', async () => {
    const { dialog, calls } = await openProfileDialog('Your data', {
      'GET /account/export/moods.csv': fileAnswer('date,mood,updatedAt\r\n', {
        'Content-Type': 'text/csv',
      }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Moods (CSV)' }));
    expect(
      await within(dialog).findByText('Saved wellspring-moods.csv to your downloads.'),
    ).toBeVisible();
    expect(clicked[0]!.download).toBe('wellspring-moods.csv');
    expect(calls.some((c) => c.path === '/account/export/moods.csv')).toBe(true);
  });

  it('says why a download failed and saves nothing', async () => {
    const { dialog } = await openProfileDialog('Your data', {
      'GET /account/export/tasks.csv': () =>
        failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again later.'),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tasks (CSV)' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The download did not work.');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again later.');
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(0);
  });
});

describe('import', () => {
  const chooseFile = async (dialog: HTMLElement, file: File) => {
    await userEvent.upload(within(dialog).getByLabelText('Export file (.json)'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
  };

  it('says it suits an empty account, sends the file as JSON and reports what came in', async () => {
    const { dialog, calls } = await openProfileDialog('Your data', {
      'POST /account/import': () => ({
        goals: 1,
        tasks: 3,
        diaries: 2,
        moods: 4,
        checkIns: 6,
        activities: 20,
        measureResults: 2,
        backgrounds: 0,
      }),
    });
    expect(
      within(dialog).getByText(
        /works only in an account with no goals, tasks, diary entries or moods yet/,
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText(/backgrounds are won again, by goals completed here/),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await chooseFile(dialog, new File([EXPORT_TEXT], 'export.json', { type: 'application/json' }));
    expect(
      await within(dialog).findByText(
        'Imported 1 goal, 3 tasks, 2 diary entries, 6 check-ins, 20 activities and 2 ' +
          'questionnaire results.',
      ),
    ).toBeVisible();
    const call = calls.find((c) => c.path === '/account/import')!;
    expect(call.method).toBe('POST');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual(JSON.parse(EXPORT_TEXT));
  });

  it('brings what came in into view, below the fold of a short screen', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { dialog } = await openProfileDialog('Your data', {
        'POST /account/import': () => ({
          goals: 1,
          tasks: 0,
          diaries: 1,
          moods: 1,
          checkIns: 1,
          activities: 0,
          measureResults: 0,
          backgrounds: 0,
        }),
      });
      await chooseFile(
        dialog,
        new File([EXPORT_TEXT], 'export.json', { type: 'application/json' }),
      );
      const said = await within(dialog).findByText(
        'Imported 1 goal, 0 tasks, 1 diary entry and 1 check-in.',
      );
      await waitFor(() => expect(scrolled.some((element) => element.contains(said))).toBe(true));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('shows the server’s message when the account is not empty', async () => {
    const { dialog } = await openProfileDialog('Your data', {
      'POST /account/import': () =>
        failure(
          409,
          'ACCOUNT_NOT_EMPTY',
          'Import needs an account with no goals, tasks, diary entries or moods yet',
        ),
    });
    await chooseFile(dialog, new File([EXPORT_TEXT], 'export.json', { type: 'application/json' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This file could not be imported.');
    expect(alert).toHaveTextContent(
      'Import needs an account with no goals, tasks, diary entries or moods yet',
    );
  });

  it('puts a schema refusal plainly, with the server’s words below', async () => {
    const { dialog } = await openProfileDialog('Your data', {
      'POST /account/import': () =>
        json(400, {
          status: 'fail',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Invalid body.format: Invalid input: expected "wellspring-export"',
          issues: [{ path: 'body.format', message: 'Invalid input: expected "wellspring-export"' }],
        }),
    });
    await chooseFile(
      dialog,
      new File(['{"format":"other"}'], 'other.json', { type: 'application/json' }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('It is not a Wellspring export.');
    expect(alert).toHaveTextContent(
      'Invalid body.format: Invalid input: expected "wellspring-export"',
    );
  });

  it('refuses a file that is not JSON without sending it', async () => {
    const { dialog, calls } = await openProfileDialog('Your data');
    await chooseFile(
      dialog,
      new File(['not json at all'], 'notes.json', { type: 'application/json' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file is not a Wellspring export: it is not valid JSON.',
    );
    expect(calls.some((c) => c.path === '/account/import')).toBe(false);
  });
});

describe('deleting the account', () => {
  const deleteButton = (dialog: HTMLElement) =>
    within(dialog).getByRole('button', { name: 'Delete my account' });
  const confirmField = (dialog: HTMLElement) =>
    within(dialog).getByLabelText('To confirm, type your email address');

  it('keeps Delete disabled until the typed email matches, ignoring case and spaces', async () => {
    const { dialog } = await openProfileDialog('Your data');
    expect(deleteButton(dialog)).toBeDisabled();
    await userEvent.type(confirmField(dialog), 'ada@example.co');
    expect(deleteButton(dialog)).toBeDisabled();
    await userEvent.type(confirmField(dialog), 'm');
    expect(deleteButton(dialog)).toBeEnabled();
    await userEvent.clear(confirmField(dialog));
    await userEvent.type(confirmField(dialog), '  ADA@example.COM  ');
    expect(deleteButton(dialog)).toBeEnabled();
    await userEvent.type(confirmField(dialog), 'x');
    expect(deleteButton(dialog)).toBeDisabled();
  });

  it('deletes, then clears the stored session and the cache and loads the landing page', async () => {
    const { dialog, calls, queryClient } = await openProfileDialog('Your data', {
      'DELETE /account': () => null,
    });
    await userEvent.type(confirmField(dialog), ' ada@EXAMPLE.com');
    await userEvent.click(deleteButton(dialog));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete everything' }));

    await waitFor(() => expect(landingPageLoads()).toBeGreaterThan(0));
    const call = calls.find((c) => c.path === '/account')!;
    expect(call.method).toBe('DELETE');
    expect(call.body).toEqual({ email: 'ada@EXAMPLE.com' });
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');
    expect(readStoredSession()).toEqual({ token: null, userId: null });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('id')).toBeNull();
    const withData = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data !== undefined);
    expect(withData).toHaveLength(0);
    // The session went with the account: no logout call follows.
    expect(calls.some((c) => c.path === '/auth/logout')).toBe(false);
    // Left for the landing page's script, which says so once (landing-script.test.ts).
    expect(takeLandingNotices()).toEqual(new Set(['account-deleted']));
  });

  it('asks once more in plain words before anything is deleted, and No keeps the account', async () => {
    const { dialog, calls } = await openProfileDialog('Your data', {
      'DELETE /account': () => null,
    });
    await userEvent.type(confirmField(dialog), PROFILE_USER.email);
    await userEvent.click(deleteButton(dialog));
    const question = within(dialog).getByRole('group', { name: 'Delete your account for good?' });
    expect(question).toHaveTextContent('This cannot be undone.');
    expect(question).toContainElement(document.activeElement as HTMLElement);
    expect(calls.some((c) => c.path === '/account')).toBe(false);

    await userEvent.click(within(question).getByRole('button', { name: 'No, keep my account' }));
    expect(within(dialog).queryByRole('group', { name: /for good/ })).not.toBeInTheDocument();
    expect(deleteButton(dialog)).toHaveFocus();
    expect(calls.some((c) => c.path === '/account')).toBe(false);
    expect(readStoredSession().token).toBe('test-token');

    // Changing the typed email takes the question away too.
    await userEvent.click(deleteButton(dialog));
    await userEvent.type(confirmField(dialog), 'x');
    expect(within(dialog).queryByRole('group', { name: /for good/ })).not.toBeInTheDocument();
  });

  it('keeps everything when the server refuses, and says why', async () => {
    const { dialog, router } = await openProfileDialog('Your data', {
      'DELETE /account': () =>
        failure(400, 'CONFIRMATION_MISMATCH', 'The email does not match this account'),
    });
    await userEvent.type(confirmField(dialog), PROFILE_USER.email);
    await userEvent.click(deleteButton(dialog));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete everything' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your account was not deleted.');
    expect(alert).toHaveTextContent('The email does not match this account');
    expect(readStoredSession().token).toBe('test-token');
    expect(router.state.location.pathname).toBe('/app/result');
    expect(confirmField(dialog)).toHaveValue(PROFILE_USER.email);
  });
});
