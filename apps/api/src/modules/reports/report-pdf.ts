/*
 * The clinician's report as a PDF (decision 084): real text in Inter, tagged for screen readers
 * (headings, paragraphs, tables; page headers and footers as artifacts), on A4 or US Letter. The
 * page count is known only at the end, so pages stay buffered until each gets its "Page n of m".
 */
import type { Readable } from 'node:stream';
import {
  countInWords,
  formatDay,
  REPORT_SECTION_TITLES,
  type Report,
  type ReportPaper,
  type ReportSection,
  toLocalDate,
} from '@wellspring/shared';
import PDFDocument from 'pdfkit';
import { loadPdfFonts } from './pdf-fonts';
import { MUTED, PdfWriter, type Struct } from './pdf-writer';
import { writeCalendar } from './report-pdf-calendar';
import {
  writeActivities,
  writeCheckIns,
  writeDiary,
  writeDistribution,
  writeMeasures,
} from './report-pdf-sections';

const PAPER_SIZES: Readonly<Record<ReportPaper, [number, number]>> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};
const MARGIN = 50;
const TOP_MARGIN = 60;

function rangeInWords(report: Report): string {
  return `${formatDay(report.from)} to ${formatDay(report.to)}`;
}

async function writeSection(
  w: PdfWriter,
  sect: Struct,
  report: Report,
  section: ReportSection,
): Promise<void> {
  switch (section) {
    case 'calendar':
      if (report.calendar) await writeCalendar(w, sect, report, report.calendar);
      return;
    case 'distribution':
      if (report.distribution) await writeDistribution(w, sect, report.distribution);
      return;
    case 'checkIns':
      if (report.checkIns) await writeCheckIns(w, sect, report.checkIns);
      return;
    case 'activities':
      if (report.activities) writeActivities(w, sect, report.activities);
      return;
    case 'measures':
      if (report.measures) await writeMeasures(w, sect, report.measures);
      return;
    case 'diary':
      if (report.diary) await writeDiary(w, sect, report.diary);
      return;
  }
}

/** The title, the range, the time zone, the day it was made and what it is not. */
function writeTitle(w: PdfWriter, root: Struct, report: Report): void {
  w.heading(root, 'H1', 'Wellspring report', 0);
  w.paragraph(root, `${rangeInWords(report)}, ${countInWords(report.days, 'day')}`, { size: 12 });
  w.paragraph(root, `Time zone: ${report.timeZone}`, {}, 2);
  const generated = toLocalDate(new Date(report.generatedAt), report.timeZone);
  w.paragraph(root, `Generated on ${formatDay(generated)}`);
  w.paragraph(root, report.notADiagnosis, { weight: 'bold' }, 8);
}

/**
 * The running header (from the second page) and "Page n of m" on every page, artifacts a screen
 * reader skips. Placed without a width, so pdfkit draws them in the margin instead of wrapping
 * them onto a new page.
 */
function writePageFurniture(w: PdfWriter, report: Report): void {
  const { doc } = w;
  const { start, count } = doc.bufferedPageRange();
  const style = { size: 8, color: MUTED };
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const number = i - start + 1;
    const footer = `Page ${number} of ${count}`;
    w.useStyle(style);
    const footerX = w.left + w.width - doc.widthOfString(footer);
    const footerY = doc.page.height - doc.page.margins.bottom + 18;
    w.decorate(() => {
      if (number > 1) {
        const header = `Wellspring report, ${rangeInWords(report)}`;
        w.text(header, style, { x: w.left, y: 30, lineBreak: false });
      }
      w.text(footer, style, { x: footerX, y: footerY, lineBreak: false });
    }, 'Pagination');
  }
}

async function writeReport(w: PdfWriter, report: Report): Promise<void> {
  const root = w.doc.struct('Document');
  w.doc.addStructure(root);
  writeTitle(w, root, report);
  for (const section of report.sections) {
    const sect = w.doc.struct('Sect');
    root.add(sect);
    w.heading(sect, 'H2', REPORT_SECTION_TITLES[section]);
    await writeSection(w, sect, report, section);
    sect.end();
  }
  root.end();
  writePageFurniture(w, report);
}

/**
 * The report as a PDF stream for a route to send. It renders a slice at a time, giving the
 * event loop back in between, and ends the stream with an error if rendering fails.
 */
export function renderReportPdf(report: Report, paper: ReportPaper): Readable {
  const fonts = loadPdfFonts();
  const doc = new PDFDocument({
    size: PAPER_SIZES[paper],
    margins: { top: TOP_MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    // No default font: pdfkit would open Helvetica (whose metrics a bundled build cannot find),
    // and switch back to the default on each page a paragraph flows onto, mid-run. Every piece
    // of text sets its Inter first.
    font: '',
    bufferPages: true,
    tagged: true,
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Wellspring report, ${rangeInWords(report)}`,
      Creator: 'Wellspring',
    },
  });
  const w = new PdfWriter(doc, fonts);
  writeReport(w, report).then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}
