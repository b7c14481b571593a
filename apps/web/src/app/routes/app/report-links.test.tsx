import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { presetRange, REPORT_DEFAULT_SECTIONS, type ReportLink } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openReport, TODAY } from '@/features/report/testing/open-report';
import { buildReportLink, expectToast, failure, json } from '@/test/test-utils';

const TOKEN = 'k3y-0f-the-l1nk-for-a-clinician-0123456789';
const URL_OF_LINK = `http://localhost:3000/shared-report#${TOKEN}`;

/** The links as the server keeps them: a new one goes first, a revoked one goes. */
function linksApi(initial: ReportLink[]) {
  let links = initial;
  return {
    links: () => links,
    handlers: {
      'GET /report-links': () => links,
      'POST /report-links': () => {
        const link = buildReportLink({
          id: '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
          from: presetRange(TODAY, 90).from,
          to: TODAY,
          createdAt: `${TODAY}T12:00:00.000Z`,
          expiresAt: '2026-04-06T12:00:00.000Z',
        });
        links = [link, ...links];
        return json(201, { status: 'success', data: { link, token: TOKEN, url: URL_OF_LINK } });
      },
      ...Object.fromEntries(
        initial.map((link) => [
          `DELETE /report-links/${link.id}`,
          () => {
            links = links.filter((l) => l.id !== link.id);
            return { id: link.id };
          },
        ]),
      ),
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a link for the clinician (decision 084)', { timeout: 20_000 }, () => {
  it('makes a 7-day link of the report chosen, and shows its address once, with Copy', async () => {
    const person = userEvent.setup();
    // user-event puts a clipboard of its own in place of the browser's.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const api = linksApi([]);
    const { calls, unmount } = await openReport({ handlers: api.handlers });
    const section = screen.getByRole('region', { name: 'A link for your clinician' });
    expect(await within(section).findByText('No links.')).toBeVisible();
    expect(within(section).getByRole('combobox', { name: 'The link works for' })).toHaveValue('7');

    await person.click(within(section).getByRole('button', { name: 'Create link' }));
    const address = await within(section).findByRole('textbox', { name: 'Your new link' });
    expect(address).toHaveValue(URL_OF_LINK);
    expect(address).toHaveFocus();
    expect(address).toHaveAccessibleDescription(
      /^It opens only this report, read-only, until April 6, 2026 at \d{1,2}:00 (AM|PM), and you can revoke it at any time\./,
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/report-links')!.body).toEqual({
      report: { ...presetRange(TODAY, 90), sections: REPORT_DEFAULT_SECTIONS, paper: 'a4' },
      expiresInDays: 7,
    });
    const list = await within(section).findByRole('list', { name: 'Your links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Opened')).toBeVisible();
    expect(list).toHaveTextContent('not yet');

    await person.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_LINK);
    await expectToast('The link is copied');

    // Only now: the list never holds the token, and the page shows the address no more.
    unmount();
    await openReport({ handlers: api.handlers });
    await screen.findByRole('list', { name: 'Your links' });
    expect(screen.queryByDisplayValue(URL_OF_LINK)).toBeNull();
    expect(document.body).not.toHaveTextContent(TOKEN);
  });

  it('makes a link for the days chosen, and says why when there are too many', async () => {
    const person = userEvent.setup();
    const { calls } = await openReport({
      handlers: {
        'POST /report-links': () =>
          failure(
            409,
            'REPORT_LINK_LIMIT',
            'At most 10 links can be open at once: revoke one first',
          ),
      },
    });
    await person.selectOptions(screen.getByRole('combobox', { name: 'The link works for' }), '14');
    await person.click(screen.getByRole('button', { name: 'Create link' }));
    await expectToast('At most 10 links can be open at once: revoke one first');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ expiresInDays: 14 });
    expect(screen.queryByRole('textbox', { name: 'Your new link' })).toBeNull();
  });

  it('lists each link with its dates and openings, asks before revoking, then lists the change', async () => {
    const person = userEvent.setup();
    const opened = buildReportLink({
      id: '8b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      from: '2026-03-01',
      to: '2026-03-28',
      diaryEntries: 2,
      sections: ['calendar', 'diary'],
      openCount: 3,
      lastOpenedAt: '2026-03-29T09:30:00.000Z',
    });
    const expired = buildReportLink({
      id: '9c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      from: '2026-01-01',
      to: '2026-02-28',
      expiresAt: '2026-03-08T10:00:00.000Z',
      expired: true,
    });
    const api = linksApi([opened, expired]);
    const { calls } = await openReport({ handlers: api.handlers });
    const list = await screen.findByRole('list', { name: 'Your links' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('1 to 28 March 2026');
    expect(first).toHaveTextContent('2 sections, 2 diary entries');
    expect(first).toHaveTextContent('Opened 3 times');
    expect(first).toHaveTextContent(/Last opened March 29, 2026 at/);
    expect(first).toHaveTextContent(/Expires March 27, 2026 at/);
    expect(within(second).getByText('Expired', { selector: 'span' })).toBeVisible();

    await person.click(
      within(first).getByRole('button', { name: /^Revoke the link to 1 to 28 March 2026/ }),
    );
    const question = within(first).getByRole('group', { name: 'Revoke this link?' });
    expect(within(question).getByText('Revoke this link?')).toHaveFocus();
    await person.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await person.click(within(first).getByRole('button', { name: /^Revoke the link/ }));
    await person.click(screen.getByRole('button', { name: 'Yes, revoke it' }));
    await expectToast('The link was revoked: it opens nothing from now on');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/report-links/${opened.id}`,
    ]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('1 January to 28 February 2026');
    expect(screen.getByRole('heading', { name: 'Your links' })).toHaveFocus();
  });
});
