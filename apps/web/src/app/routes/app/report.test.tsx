import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  presetRange,
  REPORT_DEFAULT_SECTIONS,
  REPORT_SECTION_TITLES,
  REPORT_SECTIONS,
} from '@wellspring/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReport, TODAY } from '@/features/report/testing/open-report';
import { buildDiary, expectToast, failure } from '@/test/test-utils';

const LAST_90 = presetRange(TODAY, 90);
const LAST_30 = presetRange(TODAY, 30);

const sectionBox = (section: keyof typeof REPORT_SECTION_TITLES) =>
  screen.getByRole('checkbox', { name: REPORT_SECTION_TITLES[section] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the report page (decision 084)', { timeout: 20_000 }, () => {
  it('opens on the last 90 days, every section but the diary, A4, and previews that', async () => {
    const person = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { calls } = await openReport();
    expect(screen.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
    for (const section of REPORT_SECTIONS) {
      if (section === 'diary') expect(sectionBox(section)).not.toBeChecked();
      else expect(sectionBox(section)).toBeChecked();
    }
    expect(screen.getByRole('radio', { name: 'A4' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Diary entries to quote' })).toBeNull();

    await person.click(screen.getByRole('button', { name: 'Preview' }));
    const report = await screen.findByRole('article', { name: 'Wellspring report' });
    expect(calls.find((c) => c.path === '/reports')!.body).toEqual({
      ...LAST_90,
      sections: REPORT_DEFAULT_SECTIONS,
      paper: 'a4',
    });
    expect(calls.some((c) => c.path === '/diary')).toBe(false);
    await waitFor(() =>
      expect(within(report).getByRole('heading', { name: 'Wellspring report' })).toHaveFocus(),
    );
    for (const section of REPORT_DEFAULT_SECTIONS) {
      expect(
        within(report).getByRole('heading', { level: 3, name: REPORT_SECTION_TITLES[section] }),
      ).toBeVisible();
    }
    expect(within(report).getByText('Item 9 (thoughts of self-harm): Several days')).toBeVisible();
    await person.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('lists the range’s diary entries once the excerpts are on, none chosen, and sends only the chosen', async () => {
    const person = userEvent.setup();
    const walk = buildDiary({ date: '2026-03-28', content: 'A long walk by the river, then tea.' });
    const rain = buildDiary({ date: '2026-03-10', content: 'Rain all day.' });
    const old = buildDiary({ date: '2025-11-02', content: 'Before the range.' });
    const { calls } = await openReport({ handlers: { 'GET /diary': () => [walk, rain, old] } });

    await person.click(sectionBox('diary'));
    const picker = await screen.findByRole('group', { name: 'Diary entries to quote' });
    const diaryCall = calls.find((c) => c.path === '/diary')!;
    expect(Object.fromEntries(diaryCall.url.searchParams)).toMatchObject({
      limit: '50',
      before: '2026-03-31',
    });
    const boxes = await within(picker).findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('div')!.textContent)).toEqual([
      '28 March 2026: A long walk by the river, then tea.',
      '10 March 2026: Rain all day.',
    ]);
    expect(boxes.every((box) => !(box as HTMLInputElement).checked)).toBe(true);

    // The excerpts on and none chosen: said beside the buttons, and nothing is asked.
    await person.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      screen.getByText('Choose the diary entries to quote, or leave out the diary excerpts.'),
    ).toHaveFocus();
    expect(calls.some((c) => c.path === '/reports')).toBe(false);

    await person.click(within(picker).getByRole('checkbox', { name: /28 March 2026/ }));
    await person.click(screen.getByRole('radio', { name: 'Last 30 days' }));
    await person.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('article', { name: 'Wellspring report' });
    expect(calls.find((c) => c.path === '/reports')!.body).toEqual({
      ...LAST_30,
      sections: REPORT_SECTIONS,
      paper: 'a4',
      diaryEntryIds: [walk.id],
    });
  });

  it('says what is wrong with a custom range before asking the server', async () => {
    const person = userEvent.setup();
    const { calls } = await openReport();
    await person.click(screen.getByRole('radio', { name: 'Custom' }));
    const to = screen.getByLabelText('To');
    expect(to).toHaveValue(LAST_90.to);
    expect(screen.getByLabelText('From')).toHaveValue(LAST_90.from);
    await person.clear(to);
    await person.type(to, '2026-04-02');
    const problem = screen.getByText('The report range ends after today.');
    const pdf = screen.getByRole('button', { name: 'Download PDF' });
    expect(pdf).toHaveAccessibleDescription('The report range ends after today.');
    await person.click(pdf);
    expect(problem).toHaveFocus();
    await person.click(screen.getByRole('button', { name: 'Create link' }));
    await expectToast('No link yet: The report range ends after today.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the server’s refusal of a preview where the preview would be', async () => {
    const person = userEvent.setup();
    await openReport({
      handlers: {
        'POST /reports': () =>
          failure(400, 'REPORT_INVALID', 'A diary entry of the report is not in its range'),
      },
    });
    await person.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be made.');
    expect(alert).toHaveTextContent('A diary entry of the report is not in its range');
  });
});

describe('the report’s files', { timeout: 20_000 }, () => {
  let clicked: HTMLAnchorElement[];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/report-1');

  beforeEach(() => {
    clicked = [];
    createObjectURL.mockClear();
    // jsdom has neither object URLs nor downloads: record both instead.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
  });

  it('posts the request for the PDF with the token and saves it under the server’s name', async () => {
    const person = userEvent.setup();
    const { calls } = await openReport({
      handlers: {
        'POST /reports/pdf': () =>
          new Response('%PDF-1.7 a report', {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': `attachment; filename="wellspring-report-${LAST_90.from}-to-${TODAY}.pdf"`,
            },
          }),
      },
    });
    await person.click(screen.getByRole('radio', { name: 'US Letter' }));
    await person.click(screen.getByRole('button', { name: 'Download PDF' }));
    await expectToast(`Saved wellspring-report-${LAST_90.from}-to-${TODAY}.pdf to your downloads.`);
    const call = calls.find((c) => c.path === '/reports/pdf')!;
    expect(call.method).toBe('POST');
    expect(call.url.searchParams.get('id')).toBeTruthy();
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual({ ...LAST_90, sections: REPORT_DEFAULT_SECTIONS, paper: 'letter' });
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.7 a report');
    expect(clicked.map((link) => link.download)).toEqual([
      `wellspring-report-${LAST_90.from}-to-${TODAY}.pdf`,
    ]);
  });

  it('names the CSV itself when the server gives no name, and says why a download failed', async () => {
    const person = userEvent.setup();
    let isDown = false;
    await openReport({
      handlers: {
        'POST /reports/csv': () =>
          isDown
            ? failure(503, 'SERVICE_UNAVAILABLE', 'Wellspring is busy, try again in a minute')
            : new Response('date,mood\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
      },
    });
    await person.click(screen.getByRole('button', { name: 'Download CSV' }));
    await expectToast(`Saved wellspring-report-${LAST_90.from}-to-${TODAY}.csv to your downloads.`);
    isDown = true;
    await person.click(screen.getByRole('button', { name: 'Download CSV' }));
    await expectToast('Wellspring is busy, try again in a minute');
    expect(clicked).toHaveLength(1);
  });
});
