import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the server received it: the envelope's recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message decoded from quoted-printable, so links read as they were written. */
  decoded: string;
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (the text parts nodemailer writes). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on loopback, for tests: mail the app sends over SMTP_URL lands here, through
 * nodemailer's own SMTP client, not a stand-in for it.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Every mail to the address so far. */
    mailsTo(address: string): ReceivedMail[] {
      return received.filter((m) => m.to.includes(address.toLowerCase()));
    },
    /** Waits for the nth mail (1 = the first) to the address. */
    async waitForMail(address: string, nth = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = this.mailsTo(address);
        if (mails.length >= nth) return mails[nth - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail number ${nth} to ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link to a page (`/verify-email`, `/reset-password`) in a mail. */
export function linkToken(mail: { decoded: string }, page: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${page}#token=([A-Za-z0-9_-]{43})`).exec(
    mail.decoded,
  );
  if (!match) throw new Error(`no ${page} link in the mail:\n${mail.decoded.slice(0, 2000)}`);
  return match[1]!;
}
