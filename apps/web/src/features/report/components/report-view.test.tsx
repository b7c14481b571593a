import { render, screen, within } from '@testing-library/react';
import { MEASURES, NOT_A_DIAGNOSIS, REPORT_SECTION_TITLES } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildReport } from '@/test/factories';
import { ReportView } from './report-view';

describe('ReportView (decision 084)', () => {
  it('says it is not a diagnosis first, then each section under the PDF’s headings', () => {
    render(<ReportView report={buildReport()} />);
    const report = screen.getByRole('article', { name: 'Wellspring report' });
    const header = within(report).getByRole('heading', { level: 2, name: 'Wellspring report' });
    expect(header.parentElement).toHaveTextContent('1 to 30 March 2026, 30 days');
    expect(within(report).getByText(NOT_A_DIAGNOSIS)).toBeVisible();
    expect(
      within(report)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      REPORT_SECTION_TITLES.calendar,
      REPORT_SECTION_TITLES.distribution,
      REPORT_SECTION_TITLES.checkIns,
      REPORT_SECTION_TITLES.activities,
      REPORT_SECTION_TITLES.measures,
    ]);
  });

  it('names every day of the calendar in words beside its colour and initial', () => {
    render(<ReportView report={buildReport()} />);
    const calendar = screen.getByRole('region', { name: REPORT_SECTION_TITLES.calendar });
    const march = within(calendar).getByRole('table', { name: 'March 2026' });
    const happy = within(march).getByRole('cell', {
      name: 'Monday 2 March 2026: Happy, 2 check-ins, diary entry',
    });
    expect(happy).toHaveTextContent(/^2H/);
    expect(happy).toHaveStyle({ backgroundColor: 'rgb(43, 179, 154)' });
    expect(within(march).getByRole('cell', { name: 'Sunday 1 March 2026: no mood' })).toBeVisible();
    // The 31st is outside the range: left out, as in the PDF.
    expect(within(march).queryByRole('cell', { name: /31 March/ })).toBeNull();
  });

  it('lists the distribution with the low runs, the check-ins and the findings’ own words', () => {
    render(<ReportView report={buildReport()} />);
    const distribution = screen.getByRole('region', {
      name: REPORT_SECTION_TITLES.distribution,
    });
    expect(within(distribution).getByRole('row', { name: 'Sad (S) 2 50.0%' })).toBeVisible();
    expect(within(distribution).getByText('3 to 5 March 2026: 3 days')).toBeVisible();
    const checkIns = screen.getByRole('region', { name: REPORT_SECTION_TITLES.checkIns });
    expect(within(checkIns).getByText('1.3')).toBeVisible();
    expect(within(checkIns).getByRole('row', { name: '2 1' })).toBeVisible();
    const activities = screen.getByRole('region', { name: REPORT_SECTION_TITLES.activities });
    expect(within(activities).getByText(/Days with Walk went together/)).toBeVisible();
    expect(within(activities).getByText(/No activity went with worse days/)).toBeVisible();
  });

  it('flags a PHQ-9 item 9 in words, with the bands and the credit line', () => {
    render(<ReportView report={buildReport()} />);
    const measures = screen.getByRole('region', { name: REPORT_SECTION_TITLES.measures });
    const row = within(measures).getByRole('row', { name: /10 March 2026/ });
    expect(row).toHaveTextContent('9 of 27');
    expect(row).toHaveTextContent('Mild');
    expect(within(row).getByText('Item 9 (thoughts of self-harm): Several days')).toBeVisible();
    expect(within(measures).getByText(/1 result with item 9/)).toBeVisible();
    expect(within(measures).getByText(/0 to 4 Minimal; 5 to 9 Mild/)).toBeVisible();
    expect(within(measures).getByText(MEASURES.phq9.credit)).toBeVisible();
  });

  it('leaves out a section the answer leaves out (null), and quotes the diary in full', () => {
    render(
      <ReportView
        report={buildReport({
          sections: ['checkIns', 'diary'],
          calendar: null,
          distribution: null,
          activities: null,
          measures: null,
          diary: [
            { date: '2026-03-02', mood: 'Happy', isBackfilled: true, text: 'A walk.\nThen tea.' },
          ],
        })}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      REPORT_SECTION_TITLES.checkIns,
      REPORT_SECTION_TITLES.diary,
    ]);
    expect(screen.queryByRole('region', { name: REPORT_SECTION_TITLES.calendar })).toBeNull();
    const diary = screen.getByRole('region', { name: REPORT_SECTION_TITLES.diary });
    expect(
      within(diary).getByRole('heading', { name: '2 March 2026, Happy (written later)' }),
    ).toBeVisible();
    expect(within(diary).getByText(/A walk\.\s+Then tea\./)).toBeVisible();
  });
});
