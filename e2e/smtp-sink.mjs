// A mail server for the end-to-end suite: the built product sends its verification and reset
// mails here over SMTP (SMTP_URL), as it would to a real one, and each mail lands as an .eml file
// in E2E_MAIL_DIR for the specs to open. Loopback only; started and stopped by Playwright.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT);
const dir = process.env.E2E_MAIL_DIR;
if (!port || !dir) throw new Error('smtp-sink needs E2E_SMTP_PORT and E2E_MAIL_DIR');
mkdirSync(dir, { recursive: true, mode: 0o700 });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      count += 1;
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
      const name = `${Date.now()}-${String(count).padStart(5, '0')}.eml`;
      writeFileSync(path.join(dir, name), `X-Envelope-To: ${to}\n${Buffer.concat(chunks)}`, {
        mode: 0o600,
      });
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
