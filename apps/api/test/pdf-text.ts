/*
 * Reads a PDF back as a person's viewer would: its text through Debian's pdftotext and its
 * facts (pages, page size, tagged) through pdfinfo, both of poppler-utils. Missing tools fail
 * the test with the command that installs them, never skip it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const INSTALL = 'apt-get install -y poppler-utils';

async function poppler(tool: 'pdftotext' | 'pdfinfo', args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils first (${INSTALL})`);
    }
    throw error;
  }
}

/** What pdfinfo says of a PDF: its page count, page size in points, and whether it is tagged. */
export interface PdfFacts {
  pages: number;
  pageSize: { width: number; height: number };
  isTagged: boolean;
  title: string;
  /** pdfinfo's whole answer, for what the fields above leave out. */
  raw: string;
}

/**
 * A PDF's text as `pdftotext -layout` lays it out, its facts, and, when asked, its structure
 * tree as `pdfinfo -struct-text` prints it (an indented line per element, its text quoted below
 * it; seconds for a tree of thousands of elements, so only when asked), read from a temporary
 * file.
 */
export async function readPdf(
  pdf: Buffer,
  { withStructure = false } = {},
): Promise<{ text: string; facts: PdfFacts; structure: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'file.pdf');
    await writeFile(file, pdf);
    const text = await poppler('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    const raw = await poppler('pdfinfo', [file]);
    const structure = withStructure ? await poppler('pdfinfo', ['-struct-text', file]) : '';
    const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(raw)?.[1] ?? '';
    const size = /^([\d.]+) x ([\d.]+) pts/.exec(field('Page size'));
    return {
      text,
      structure,
      facts: {
        pages: Number(field('Pages')),
        pageSize: { width: Number(size?.[1]), height: Number(size?.[2]) },
        isTagged: field('Tagged') === 'yes',
        title: field('Title'),
        raw,
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text with every run of white space (line ends and layout's column padding) as one space. */
export function squeezeSpaces(text: string): string {
  return text.replace(/\s+/g, ' ');
}
