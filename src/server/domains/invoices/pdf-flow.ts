// Laying text down an A4 page and onto the next: a cursor that starts a new page (and calls back,
// so a table can repeat its header) whenever the next block would cross the bottom margin. Every
// piece of text is drawn in a box of bounded height, so no string, however long, can push the
// layout off the page or make pdfkit start pages of its own.
import type PDFDocument from 'pdfkit';
import { printableText } from './invoice-text';

type Pdf = InstanceType<typeof PDFDocument>;

export const A4 = { width: 595.28, height: 841.89 } as const;
/** The bottom margin leaves room for the footer that each page carries. */
export const MARGINS = { top: 48, left: 48, right: 48, bottom: 64 } as const;
export const CONTENT_WIDTH = A4.width - MARGINS.left - MARGINS.right;
const CONTENT_BOTTOM = A4.height - MARGINS.bottom;

const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

export interface TextStyle {
  font?: typeof REGULAR | typeof BOLD;
  size?: number;
  align?: 'left' | 'right';
  /** The most lines the text may take; past them it is cut with an ellipsis. */
  maxLines?: number;
  color?: string;
}

/** A piece of text in a column of a row: its width and how it is set. */
export interface Cell extends TextStyle {
  text: string;
  width: number;
}

const DEFAULT_SIZE = 9;
const DEFAULT_MAX_LINES = 4;
/** Text handed to the layout is cut here first: measuring a megabyte to print six lines is waste. */
const LONGEST_TEXT = 2_000;

function setStyle(pdf: Pdf, style: TextStyle): void {
  pdf
    .font(style.font ?? REGULAR)
    .fontSize(style.size ?? DEFAULT_SIZE)
    .fillColor(style.color ?? '#111111');
}

/** The lines of a block, each made printable, joined as the only line breaks it will have. */
function blockText(text: string | readonly string[]): string {
  const lines = typeof text === 'string' ? [text] : text;
  return lines.map((line) => printableText(line.slice(0, LONGEST_TEXT))).join('\n');
}

/** The height `text` takes in `width`, at most its style's number of lines. */
function measure(pdf: Pdf, text: string, width: number, style: TextStyle): number {
  setStyle(pdf, style);
  const lineHeight = pdf.currentLineHeight(true);
  const full = text === '' ? lineHeight : pdf.heightOfString(text, { width });
  return Math.min(full, (style.maxLines ?? DEFAULT_MAX_LINES) * lineHeight);
}

/** Draws `text` at (x, y) in `width`, cut with an ellipsis at the style's number of lines. */
function draw(pdf: Pdf, text: string, x: number, y: number, width: number, style: TextStyle): number {
  const height = measure(pdf, text, width, style);
  // A little slack so that the last allowed line is not dropped by rounding.
  pdf.text(text, x, y, { width, height: height + 0.5, align: style.align ?? 'left', ellipsis: true });
  return height;
}

export class PdfFlow {
  /** Where the next block starts on the current page. */
  y: number = MARGINS.top;

  constructor(
    private readonly pdf: Pdf,
    /** Called after each new page is added, e.g. to repeat a table's header; may move `y`. */
    public onNewPage: () => void = () => {},
  ) {}

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM || this.y === MARGINS.top) return;
    this.pdf.addPage();
    this.y = MARGINS.top;
    this.onNewPage();
  }

  /** A paragraph (or lines given as a list) at the left margin or at `x`; moves the cursor below it. */
  paragraph(text: string | readonly string[], style: TextStyle & { x?: number; width?: number } = {}): void {
    const printable = blockText(text);
    const width = style.width ?? CONTENT_WIDTH;
    this.ensure(measure(this.pdf, printable, width, style));
    this.y += draw(this.pdf, printable, style.x ?? MARGINS.left, this.y, width, style);
  }

  /** Text at a fixed place that does not move the cursor; returns its height. */
  textAt(text: string | readonly string[], x: number, y: number, width: number, style: TextStyle = {}): number {
    return draw(this.pdf, blockText(text), x, y, width, style);
  }

  /**
   * A row of cells from the right edge of the content leftwards or from the left margin, padded
   * above and below, on this page or the next; `background` fills it first.
   */
  row(cells: readonly Cell[], options: { padding?: number; rule?: boolean; background?: string; alignEnd?: boolean } = {}): void {
    const padding = options.padding ?? 4;
    const printable = cells.map((cell) => ({ ...cell, text: blockText(cell.text) }));
    const height = Math.max(...printable.map((cell) => measure(this.pdf, cell.text, cell.width - 2 * padding, cell))) + 2 * padding;
    this.ensure(height);
    const rowWidth = printable.reduce((sum, cell) => sum + cell.width, 0);
    let x = options.alignEnd === true ? MARGINS.left + CONTENT_WIDTH - rowWidth : MARGINS.left;
    if (options.background !== undefined) this.pdf.rect(x, this.y, rowWidth, height).fill(options.background);
    for (const cell of printable) {
      draw(this.pdf, cell.text, x + padding, this.y + padding, cell.width - 2 * padding, cell);
      x += cell.width;
    }
    this.y += height;
    if (options.rule === true) this.rule(rowWidth, options.alignEnd === true);
  }

  /** A thin line under what was drawn last, across `width` from the left margin or ending at the right one. */
  rule(width: number = CONTENT_WIDTH, alignEnd = false): void {
    const x = alignEnd ? MARGINS.left + CONTENT_WIDTH - width : MARGINS.left;
    this.pdf
      .moveTo(x, this.y)
      .lineTo(x + width, this.y)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
  }

  /** Leaves `points` of space. */
  gap(points: number): void {
    this.y += points;
  }
}
