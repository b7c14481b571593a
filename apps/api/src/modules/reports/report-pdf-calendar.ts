/*
 * The mood calendar of the PDF: a small grid a month, three months a row, Monday first. A day
 * with a mood has a square of the mood's colour and the mood's initial, so nothing rests on
 * colour alone; a day without one is blank, and a day outside the range is left out.
 */
import {
  addMonths,
  formatDay,
  formatMonth,
  getWeekday,
  type LocalDate,
  type LocalMonth,
  MOOD_COLORS,
  MOOD_LETTERS,
  MOODS,
  monthOf,
  monthRange,
  type ReportDay,
} from '@wellspring/shared';
import { MUTED, type PdfWriter, type Struct } from './pdf-writer';

const MONTHS_A_ROW = 3;
const MONTH_GAP = 14;
const TITLE_HEIGHT = 13;
const WEEKDAY_HEIGHT = 10;
const CELL_HEIGHT = 19;
const ROW_GAP = 12;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const SQUARE = 6;
const GRID = '#d0d0d0';

/** The months from the one of `from` to the one of `to`, oldest first. */
function monthsOf(from: LocalDate, to: LocalDate): LocalMonth[] {
  const months = [monthOf(from)];
  while (months.at(-1)! < monthOf(to)) months.push(addMonths(months.at(-1)!, 1));
  return months;
}

/** Blank cells before the first of the month, Monday first. */
function leadingBlanks(month: LocalMonth): number {
  return (getWeekday(monthRange(month).start) + 6) % 7;
}

function weeksIn(month: LocalMonth): number {
  const days = Number(monthRange(month).end.slice(8));
  return Math.ceil((leadingBlanks(month) + days) / 7);
}

/** The legend: each mood's square and initial with its name. */
function writeLegend(w: PdfWriter, sect: Struct): void {
  w.ensureSpace(30);
  const top = w.doc.y;
  sect.add(
    w.doc.struct('P', {}, () => {
      let x = w.left;
      w.text('Key: ', { size: 8.5, weight: 'bold' }, { x, y: top, lineBreak: false });
      x += 26;
      for (const mood of MOODS) {
        w.doc.rect(x, top + 1.5, SQUARE + 1, SQUARE + 1).fill(MOOD_COLORS[mood]);
        x += SQUARE + 4;
        const label = `${MOOD_LETTERS[mood]} ${mood}${mood === 'Depressed' ? '. ' : ', '}`;
        w.text(label, { size: 8.5 }, { x, y: top, lineBreak: false });
        x += w.doc.widthOfString(label) + 6;
      }
      w.text(
        'A blank day has no mood.',
        { size: 8.5, color: MUTED },
        { x, y: top, lineBreak: false },
      );
    }),
  );
  w.doc.x = w.left;
  w.doc.y = top + 20;
}

interface MonthPlace {
  readonly x: number;
  readonly y: number;
  readonly cellWidth: number;
}

/** One month: its name as a heading, then its grid as a table of weeks. */
function writeMonth(
  w: PdfWriter,
  sect: Struct,
  month: LocalMonth,
  place: MonthPlace,
  range: { from: LocalDate; to: LocalDate },
  byDate: ReadonlyMap<LocalDate, ReportDay>,
): void {
  const { x, y, cellWidth } = place;
  sect.add(
    w.doc.struct('H3', {}, () => {
      w.text(formatMonth(month), { size: 9, weight: 'bold' }, { x, y, lineBreak: false });
    }),
  );
  const table = w.doc.struct('Table');
  sect.add(table);
  const head = w.doc.struct('TR');
  table.add(head);
  WEEKDAYS.forEach((name, i) => {
    const options = { scope: 'Column' as const };
    head.add(
      w.doc.struct('TH', options, () => {
        const at = { x: x + i * cellWidth, y: y + TITLE_HEIGHT, width: cellWidth };
        w.text(name, { size: 6.5, color: MUTED }, { ...at, align: 'center', lineBreak: false });
      }),
    );
  });
  head.end();

  const gridTop = y + TITLE_HEIGHT + WEEKDAY_HEIGHT;
  const { end } = monthRange(month);
  const blanks = leadingBlanks(month);
  const weeks = weeksIn(month);
  for (let week = 0; week < weeks; week += 1) {
    const tr = w.doc.struct('TR');
    table.add(tr);
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const dayOfMonth = week * 7 + weekday - blanks + 1;
      const date = `${month}-${String(dayOfMonth).padStart(2, '0')}`;
      if (dayOfMonth < 1 || date > end || date < range.from || date > range.to) {
        tr.add(w.doc.struct('TD'));
        continue;
      }
      const cell = { x: x + weekday * cellWidth, y: gridTop + week * CELL_HEIGHT };
      const mood = byDate.get(date)?.mood ?? null;
      const said = `${formatDay(date)}: ${mood ?? 'no mood'}`;
      tr.add(
        w.doc.struct('TD', { actual: said }, () => {
          const number = { x: cell.x + 1.5, y: cell.y + 1.5, lineBreak: false };
          // The space keeps the number and the initial two words for a reader that ignores `actual`.
          w.text(`${dayOfMonth} `, { size: 6.5, color: MUTED }, number);
          if (mood === null) return;
          w.doc.rect(cell.x + 2.5, cell.y + 10.5, SQUARE, SQUARE).fill(MOOD_COLORS[mood]);
          const letter = { x: cell.x + 4 + SQUARE, y: cell.y + 9.5, lineBreak: false };
          w.text(MOOD_LETTERS[mood], { size: 7.5, weight: 'bold' }, letter);
        }),
      );
    }
    tr.end();
  }
  table.end();

  w.decorate(() => {
    w.doc.lineWidth(0.3).strokeColor(GRID);
    for (let week = 0; week <= weeks; week += 1) {
      const lineY = gridTop + week * CELL_HEIGHT;
      w.doc.moveTo(x, lineY).lineTo(x + 7 * cellWidth, lineY);
    }
    for (let col = 0; col <= 7; col += 1) {
      const lineX = x + col * cellWidth;
      w.doc.moveTo(lineX, gridTop).lineTo(lineX, gridTop + weeks * CELL_HEIGHT);
    }
    w.doc.stroke();
  });
}

/** The calendar section's body: a sentence, the legend, then every month of the range. */
export async function writeCalendar(
  w: PdfWriter,
  sect: Struct,
  range: { from: LocalDate; to: LocalDate },
  days: readonly ReportDay[],
): Promise<void> {
  w.paragraph(sect, "A day's mood is the mean of its check-ins.", { size: 9, color: MUTED });
  writeLegend(w, sect);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const months = monthsOf(range.from, range.to);
  const blockWidth = (w.width - (MONTHS_A_ROW - 1) * MONTH_GAP) / MONTHS_A_ROW;
  for (let i = 0; i < months.length; i += MONTHS_A_ROW) {
    const row = months.slice(i, i + MONTHS_A_ROW);
    const height =
      TITLE_HEIGHT + WEEKDAY_HEIGHT + Math.max(...row.map(weeksIn)) * CELL_HEIGHT + ROW_GAP;
    w.ensureSpace(height);
    const top = w.doc.y;
    row.forEach((month, j) => {
      const place = { x: w.left + j * (blockWidth + MONTH_GAP), y: top, cellWidth: blockWidth / 7 };
      writeMonth(w, sect, month, place, range, byDate);
    });
    w.doc.x = w.left;
    w.doc.y = top + height;
    await w.breathe();
  }
}
