// The reference for the API benches: a bare node:http server answering one fixed JSON body of
// BODY_BYTES bytes (about the size of the API's answers), with the Content-Type and length set.
import { createServer } from 'node:http';

const size = Number(process.env.BODY_BYTES ?? 1024);
const shell = { status: 'success', data: { id: '00000000-0000-4000-8000-000000000000', pad: '' } };
shell.data.pad = 'x'.repeat(Math.max(0, size - JSON.stringify(shell).length));
const body = Buffer.from(JSON.stringify(shell));

createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
