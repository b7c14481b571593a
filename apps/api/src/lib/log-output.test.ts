import pino from 'pino';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogStream, isPrettyLog, readyMessage } from './log-output';

function capture() {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  return { sink, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('log output', () => {
  it('is pretty in a terminal and JSON otherwise, unless set', () => {
    expect(isPrettyLog('auto', true)).toBe(true);
    expect(isPrettyLog('auto', false)).toBe(false);
    expect(isPrettyLog('json', true)).toBe(false);
    expect(isPrettyLog('pretty', false)).toBe(true);
  });

  it('keeps pino JSON when standard output is not a terminal', () => {
    expect(createLogStream('auto', { isTTY: false, fd: 1 })).toBeUndefined();
  });

  it('prints a readable line, not JSON, in a terminal', () => {
    const { sink, text } = capture();
    const stream = createLogStream('auto', { isTTY: true }, sink);
    expect(stream).toBeDefined();
    pino({ level: 'info' }, stream).info({ database: 'pglite' }, 'Wellspring is ready');
    const line = text();
    expect(line).toContain('Wellspring is ready');
    expect(line).toContain('pglite');
    expect(() => JSON.parse(line)).toThrow();
    expect(line).not.toMatch(/"level":/);
  });

  it('names the address to open, plainly', () => {
    const message = readyMessage('http://localhost:3000');
    expect(message).toContain('Open http://localhost:3000 in your browser');
    expect(message).not.toMatch(/[{}"]/);
  });
});
