/**
 * Answers written a piece at a time as the client reads them (the account export, SPEC.md's whole
 * diary), so that the server's memory follows a batch of rows, not the length of a history.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

/**
 * A JSON array of the batches' rows, read a batch at a time, each row through JSON.stringify.
 * `newline` goes before each row and before the closing bracket: '\n' writes a row a line (the
 * export), '' writes the array as JSON.stringify would.
 */
export async function* jsonArray<T>(
  batches: AsyncIterable<T[]>,
  newline = '',
): AsyncGenerator<string> {
  yield '[';
  let isFirst = true;
  for await (const batch of batches) {
    for (const row of batch) {
      // A piece a row, not a batch joined: a string of a few hundred kilobytes would be a large
      // object to V8, kept until a full collection, so a long history would still grow the heap.
      yield `${isFirst ? newline : `,${newline}`}${JSON.stringify(row)}`;
      isFirst = false;
    }
  }
  yield isFirst ? ']' : `${newline}]`;
}

/**
 * Sends the pieces as the answer's body, as the client takes them. Fastify's serializer does not
 * run on a stream: the pieces are the answer's bytes already. A HEAD request gets the headers
 * alone, without producing the pieces.
 */
export async function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  open: () => Promise<AsyncIterable<string>>,
): Promise<FastifyReply> {
  reply.header('Content-Type', type);
  if (request.method === 'HEAD') return reply.send();
  const pieces = await open();
  return reply.send(Readable.from(pieces, { objectMode: false }));
}
