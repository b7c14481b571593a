import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_SECTION_TITLES } from '@wellspring/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildReport,
  buildUser,
  expectToast,
  failure,
  mockApi,
  renderApp,
  saveSession,
} from '@/test/test-utils';

const TOKEN = 'k3y-0f-the-l1nk-for-a-clinician-0123456789';
const INVALID = 'This link has expired or was revoked. Ask the person who shared it for a new one.';

function openShared(path: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'POST /shared-reports/open': () => ({
      report: buildReport({
        sections: ['calendar', 'diary'],
        distribution: null,
        checkIns: null,
        activities: null,
        measures: null,
        diary: [{ date: '2026-03-02', mood: 'Happy', isBackfilled: false, text: 'A calm day.' }],
      }),
      expiresAt: '2026-04-06T12:00:00.000Z',
    }),
    ...handlers,
  });
  return { ...renderApp(path, { width: 360 }), ...api };
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the clinician’s page (decision 084)', { timeout: 20_000 }, () => {
  it('reads the token from the fragment, drops it from the address and opens the report', async () => {
    const { router, calls } = openShared(`/shared-report#${TOKEN}`);
    const report = await screen.findByRole(
      'article',
      { name: 'Wellspring report' },
      { timeout: 15_000 },
    );
    expect(within(report).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Wellspring report',
    );
    expect(
      within(report).getByRole('heading', { level: 2, name: REPORT_SECTION_TITLES.diary }),
    ).toBeVisible();
    expect(within(report).getByText('A calm day.')).toBeVisible();
    expect(screen.getByText(/The link works until/)).toHaveTextContent(/April 6, 2026 at/);
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/shared-report');
    const open = calls.filter((c) => c.path === '/shared-reports/open');
    expect(open).toHaveLength(1);
    expect(open[0]!.body).toEqual({ token: TOKEN });
    expect(open[0]!.url.search).toBe('');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('sends no session of the browser, and opens the report again on a reload of the tab', async () => {
    saveSession(buildUser());
    const first = openShared(`/shared-report#${TOKEN}`, {
      'GET /user': () => buildUser(),
      'GET /goal': () => null,
    });
    await screen.findByRole('article', { name: 'Wellspring report' }, { timeout: 15_000 });
    const open = first.calls.find((c) => c.path === '/shared-reports/open')!;
    expect(open.headers.get('Authorization')).toBeNull();

    // The address no longer holds the token: the tab kept it.
    first.unmount();
    const again = openShared('/shared-report');
    await screen.findByRole('article', { name: 'Wellspring report' });
    expect(again.calls.find((c) => c.path === '/shared-reports/open')!.body).toEqual({
      token: TOKEN,
    });
  });

  it('says one calm thing for a link that is unknown, expired or revoked, and for none', async () => {
    const { router } = openShared(`/shared-report#${TOKEN}`, {
      'POST /shared-reports/open': () =>
        failure(404, 'REPORT_LINK_INVALID', 'This link has expired or was revoked'),
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This link cannot be opened' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText(INVALID)).toBeVisible();
    expect(router.state.location.hash).toBe('');
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });

  it('opens the link anew when it is followed again in the same tab, revoked since', async () => {
    let isRevoked = false;
    const { router, calls } = openShared(`/shared-report#${TOKEN}`, {
      'POST /shared-reports/open': () =>
        isRevoked
          ? failure(404, 'REPORT_LINK_INVALID', 'This link has expired or was revoked')
          : { report: buildReport(), expiresAt: '2026-04-06T12:00:00.000Z' },
    });
    await screen.findByRole('article', { name: 'Wellspring report' }, { timeout: 15_000 });
    isRevoked = true;
    // Only the fragment changes: the page stays, and the link is asked about again.
    await act(() => router.navigate(`/shared-report#${TOKEN}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be opened' }),
    ).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
    expect(calls.filter((c) => c.path === '/shared-reports/open')).toHaveLength(2);
    expect(router.state.location.hash).toBe('');
  });

  it('asks nothing of the server without a token', async () => {
    const { calls } = openShared('/shared-report');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be opened' }),
    ).toBeVisible();
    expect(screen.getByText(INVALID)).toBeVisible();
    expect(calls.filter((c) => c.path.startsWith('/shared-reports'))).toEqual([]);
  });

  describe('its files', () => {
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const clicked: HTMLAnchorElement[] = [];
    beforeEach(() => {
      clicked.length = 0;
      Object.assign(URL, {
        createObjectURL: () => 'blob:http://localhost/r',
        revokeObjectURL() {},
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });
    });
    afterEach(() => {
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    });

    it('downloads the PDF and the CSV by the token alone', async () => {
      const person = userEvent.setup();
      const file = (type: string, name: string) => () =>
        new Response('x', {
          headers: {
            'Content-Type': type,
            'Content-Disposition': `attachment; filename="${name}"`,
          },
        });
      const { calls } = openShared(`/shared-report#${TOKEN}`, {
        'POST /shared-reports/pdf': file('application/pdf', 'wellspring-report.pdf'),
        'POST /shared-reports/csv': file('text/csv', 'wellspring-report.csv'),
      });
      await screen.findByRole('article', { name: 'Wellspring report' }, { timeout: 15_000 });
      await person.click(screen.getByRole('button', { name: 'Download PDF' }));
      await expectToast('Saved wellspring-report.pdf to your downloads.');
      await person.click(screen.getByRole('button', { name: 'Download CSV' }));
      await expectToast('Saved wellspring-report.csv to your downloads.');
      const files = calls.filter((c) => /^\/shared-reports\/(pdf|csv)$/.test(c.path));
      expect(files.map((c) => [c.method, c.body])).toEqual([
        ['POST', { token: TOKEN }],
        ['POST', { token: TOKEN }],
      ]);
      expect(clicked.map((link) => link.download)).toEqual([
        'wellspring-report.pdf',
        'wellspring-report.csv',
      ]);
      // An opening is counted once: the files do not open it again.
      expect(calls.filter((c) => c.path === '/shared-reports/open')).toHaveLength(1);
    });
  });
});
