import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/** `json` for machines, `pretty` for people, `auto`: pretty when standard output is a terminal. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** Whether log lines should be printed for a person to read. */
export function isPrettyLog(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/**
 * The stream pino writes to: undefined keeps pino's own JSON to standard output; otherwise
 * pino-pretty, synchronous so a line is never lost when the process exits.
 */
export function createLogStream(
  format: LogFormat,
  output: { isTTY?: boolean; fd?: number } = process.stdout,
  destination?: NodeJS.WritableStream,
): DestinationStream | undefined {
  const isTerminal = output.isTTY === true;
  if (!isPrettyLog(format, isTerminal)) return undefined;
  return pretty({
    colorize: isTerminal,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
    destination: destination ?? output.fd ?? 1,
  });
}

/** The plain line a person sees once the server listens: where to open the product. */
export function readyMessage(publicUrl: string): string {
  return `\n  Wellspring is running. Open ${publicUrl} in your browser.\n  Press Ctrl+C to stop.\n`;
}
