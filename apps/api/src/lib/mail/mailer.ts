import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One email: plain text for every reader, and the same words as simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: an SMTP server, .eml files in the outbox folder, or nowhere (said in the log). */
export type MailMode = 'smtp' | 'outbox' | 'disabled';

export interface Mailer {
  readonly mode: MailMode;
  /** Sends one message now; rejects when it could not be sent. `log`: the request's logger. */
  send(message: MailMessage, log?: FastifyBaseLogger): Promise<void>;
  /**
   * Sends in the background, off the request that asked: the answer does not wait for the mail
   * server, and takes as long whether or not a mail goes out. A failure is logged, not thrown.
   * `log` is the request's logger, so the mail's lines carry the request's id.
   */
  dispatch(message: MailMessage, log?: FastifyBaseLogger): void;
  /** Waits for every mail sent in the background so far. */
  flush(): Promise<void>;
  /** Flushes, then closes the SMTP connections. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it, mail is written to `outboxDir` (or not sent at all). */
  smtpUrl?: string | undefined;
  from: string;
  /** Where .eml files go when there is no SMTP server; undefined: mail is not sent (production). */
  outboxDir?: string | undefined;
  log: FastifyBaseLogger;
}

/** Reads only: the .eml holds a live link, so only the server's own user may open it. */
const OUTBOX_FILE_MODE = 0o600;
const OUTBOX_DIR_MODE = 0o700;

/** The name of an outbox file: sortable by time, never the same twice. */
function outboxFileName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/** An error as the log may show it: what went wrong, never the message it was sending. */
function describeError(error: unknown) {
  const e = error as { name?: string; code?: string; responseCode?: number; message?: string };
  return { type: e?.name, code: e?.code, responseCode: e?.responseCode, message: e?.message };
}

/**
 * The mailer: nodemailer over SMTP when SMTP_URL is set; otherwise, outside production, each mail
 * written as an .eml file into the outbox folder (mode 0600), the file's path logged once (never
 * the link in it). Production without SMTP_URL (allowed only with EMAIL_VERIFICATION=off) sends
 * nothing and says so in the log.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { from, log } = options;
  const pending = new Set<Promise<void>>();

  let mode: MailMode;
  let deliver: (message: MailMessage, log: FastifyBaseLogger) => Promise<void>;
  let closeTransport = () => {};

  if (options.smtpUrl) {
    mode = 'smtp';
    // A mail server that stops answering must not hold a mail (or the server's stop) for long.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    closeTransport = () => transport.close();
    deliver = async (message, log) => {
      const info = await transport.sendMail({ from, ...message });
      log.info({ messageId: info.messageId }, 'mail sent');
    };
  } else if (options.outboxDir) {
    mode = 'outbox';
    const dir = options.outboxDir;
    const composer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    deliver = async (message, log) => {
      const info = await composer.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true, mode: OUTBOX_DIR_MODE });
      const file = path.resolve(dir, outboxFileName());
      await writeFile(file, info.message as Buffer, { mode: OUTBOX_FILE_MODE, flag: 'wx' });
      log.info({ file }, 'mail written to the outbox (no SMTP_URL is set)');
    };
  } else {
    mode = 'disabled';
    deliver = async (_message, log) => {
      log.warn('mail not sent: SMTP_URL is not set');
    };
  }

  const send = (message: MailMessage, requestLog?: FastifyBaseLogger) =>
    deliver(message, requestLog ?? log);

  return {
    mode,
    send,
    dispatch(message, requestLog) {
      const sending = send(message, requestLog)
        .catch((error: unknown) =>
          (requestLog ?? log).error({ mailError: describeError(error) }, 'sending mail failed'),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.flush();
      closeTransport();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the verification and password-reset mails. */
    mailer: Mailer;
  }
}
