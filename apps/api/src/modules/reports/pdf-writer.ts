/*
 * The few things the report's PDF is made of, each tagged for a screen reader: headings,
 * paragraphs and tables, drawn in the fonts that have their glyphs, breaking pages between them.
 * Pages break by hand only between two tagged pieces; inside one, pdfkit carries the marking
 * over to the next page itself.
 */
import type PDFDocument from 'pdfkit';
import { TimeSlicer } from '../../lib/time-slicer';
import { type FontWeight, type PdfFont, splitIntoRuns } from './pdf-fonts';

declare global {
  // pdfkit writes a header cell's scope (since 0.19); its types have not caught up.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PDFKit.Mixins {
    interface StructureElementOptions {
      scope?: 'Row' | 'Column' | 'Both';
    }
  }
}

export type Doc = InstanceType<typeof PDFDocument>;
export type Struct = PDFKit.PDFStructureElement;

export const INK = '#1a1a1a';
export const MUTED = '#555555';
/** The item-9 flag: dark red, and always said in words too. */
export const ALERT = '#a4161a';
const RULE = '#bbbbbb';

export interface TextStyle {
  size?: number;
  weight?: FontWeight;
  color?: string;
}

export interface TableColumn {
  readonly header: string;
  /** The column's share of the text width. */
  readonly share: number;
  readonly align?: 'left' | 'right';
}

export interface TableCell extends TextStyle {
  readonly text: string;
}

interface TableRow {
  readonly columns: readonly TableColumn[];
  readonly widths: readonly number[];
  readonly cells: readonly TableCell[];
  readonly height: number;
}

const BODY_SIZE = 10;
const CELL_PADDING = 3;
const HEADING_SIZE = { H1: 20, H2: 14, H3: 11 } as const;

export class PdfWriter {
  private readonly slicer = new TimeSlicer();

  constructor(
    readonly doc: Doc,
    private readonly fonts: Readonly<Record<FontWeight, readonly PdfFont[]>>,
  ) {
    for (const font of [...fonts.regular, ...fonts.bold]) doc.registerFont(font.name, font.data);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** The lowest a line may end on this page. */
  get bottom(): number {
    return this.doc.page.maxY();
  }

  /**
   * Gives the event loop a turn when this render has held it a few milliseconds, and stops the
   * render once its stream is gone (the download was cancelled).
   */
  async breathe(): Promise<void> {
    await this.slicer.pauseIfDue();
    if (this.doc.destroyed) throw new Error('The PDF stream closed before the report was drawn');
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  moveDown(points: number): void {
    this.doc.y += points;
  }

  /** Sets the font and size that measuring and drawing in `style` use. */
  useStyle({ size = BODY_SIZE, weight = 'regular' }: TextStyle): void {
    this.doc.font(this.fonts[weight][0]!.name).fontSize(size);
  }

  /**
   * Draws text run by run in the fonts that have its glyphs, as one flowing piece: at (x, y)
   * when given, else where the last text ended. Untagged: the caller marks it.
   */
  text(
    text: string,
    style: TextStyle,
    options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {},
  ): void {
    const { x, y, ...rest } = options;
    const { size = BODY_SIZE, weight = 'regular', color = INK } = style;
    const runs = splitIntoRuns(text.normalize('NFC'), this.fonts[weight]);
    if (runs.length === 0) return;
    this.doc.fontSize(size).fillColor(color);
    runs.forEach((run, i) => {
      this.doc.font(run.font);
      const more = { ...rest, continued: i < runs.length - 1 };
      if (i === 0 && x !== undefined) this.doc.text(run.text, x, y ?? this.doc.y, more);
      else this.doc.text(run.text, more);
    });
  }

  /** Drawing that means nothing to a reader (rules, borders, a repeated header): an artifact. */
  decorate(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** A heading kept on one page with at least `keepWith` points of what follows it. */
  heading(parent: Struct, level: keyof typeof HEADING_SIZE, text: string, keepWith = 60): void {
    const size = HEADING_SIZE[level];
    if (this.doc.y > this.doc.page.margins.top) this.moveDown(size * 0.6);
    this.ensureSpace(size * 1.4 + keepWith);
    parent.add(
      this.doc.struct(level, {}, () => {
        this.text(text, { size, weight: 'bold' }, { x: this.left, width: this.width });
      }),
    );
    this.moveDown(size * 0.3);
  }

  /** A paragraph of the full text width; long ones flow onto the next page. */
  paragraph(parent: Struct, text: string, style: TextStyle = {}, gapAfter = 4): void {
    this.useStyle(style);
    this.ensureSpace(this.doc.currentLineHeight(true));
    parent.add(
      this.doc.struct('P', {}, () => {
        this.text(text, style, { x: this.left, width: this.width, lineGap: 1.5 });
      }),
    );
    this.moveDown(gapAfter);
  }

  /**
   * A table of short cells, its header row drawn again (as an artifact, for the eye only) at the
   * top of each page it continues on.
   */
  async table(
    parent: Struct,
    columns: readonly TableColumn[],
    rows: readonly (readonly TableCell[])[],
  ): Promise<void> {
    const widths = columns.map((c) => c.share * this.width);
    const header = columns.map((c) => ({ text: c.header, weight: 'bold' as const }));
    const headerHeight = this.rowHeight(header, widths);
    const table = this.doc.struct('Table');
    parent.add(table);
    this.ensureSpace(headerHeight + this.rowHeight(rows[0] ?? [], widths));
    this.row(table, 'TH', { columns, widths, cells: header, height: headerHeight });
    for (const cells of rows) {
      const height = this.rowHeight(cells, widths);
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        const repeated = { columns, widths, cells: header, height: headerHeight };
        this.decorate(() => this.drawRow(repeated, this.doc.y, true), 'Pagination');
        this.doc.y += headerHeight;
      }
      this.row(table, 'TD', { columns, widths, cells, height });
      await this.breathe();
    }
    table.end();
    this.doc.x = this.left;
    this.moveDown(6);
  }

  private rowHeight(cells: readonly TableCell[], widths: readonly number[]): number {
    let height = 0;
    cells.forEach((cell, i) => {
      this.useStyle(cell);
      const inner = widths[i]! - 2 * CELL_PADDING;
      height = Math.max(height, this.doc.heightOfString(cell.text, { width: inner }));
    });
    return height + 2 * CELL_PADDING;
  }

  /** A row tagged TR, its cells TH (scoped to their column) or TD, ruled off below. */
  private row(table: Struct, type: 'TH' | 'TD', row: TableRow): void {
    const tr = this.doc.struct('TR');
    table.add(tr);
    const top = this.doc.y;
    let x = this.left;
    row.cells.forEach((cell, i) => {
      const cellX = x;
      const column = row.columns[i]!;
      const width = row.widths[i]!;
      const options = type === 'TH' ? { scope: 'Column' as const } : {};
      tr.add(this.doc.struct(type, options, () => this.drawCell(cell, column, cellX, top, width)));
      x += width;
    });
    tr.end();
    this.decorate(() => this.drawRule(top + row.height, type === 'TH'));
    this.doc.x = this.left;
    this.doc.y = top + row.height;
  }

  /** A row drawn untagged, its rule too: the caller marks it. */
  private drawRow(row: TableRow, top: number, isHeader: boolean): void {
    let x = this.left;
    row.cells.forEach((cell, i) => {
      this.drawCell(cell, row.columns[i]!, x, top, row.widths[i]!);
      x += row.widths[i]!;
    });
    this.drawRule(top + row.height, isHeader);
  }

  private drawCell(cell: TableCell, column: TableColumn, x: number, y: number, width: number) {
    this.text(cell.text, cell, {
      x: x + CELL_PADDING,
      y: y + CELL_PADDING,
      width: width - 2 * CELL_PADDING,
      align: column.align ?? 'left',
    });
  }

  /** The line under a row: a firmer one under the header. */
  private drawRule(y: number, isHeader: boolean): void {
    this.doc
      .lineWidth(isHeader ? 0.8 : 0.3)
      .strokeColor(isHeader ? INK : RULE)
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .stroke();
  }
}
