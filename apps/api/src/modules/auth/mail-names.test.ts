import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app';
import type { ReceivedMail } from '../../../test/smtp';
import { plainName } from '../../lib/mail/messages';
import {
  forgot,
  newEmail,
  register,
  useMailingApp,
  type MailServer,
} from './email-links.test-helpers';

/** The text and the HTML part of a mail, each as its decoded body. */
function parts(mail: ReceivedMail): { text: string; html: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.decoded)?.[1];
  if (!boundary) throw new Error('the mail has no parts');
  const bodies = mail.decoded.split(`--${boundary}`);
  const part = (type: string) => {
    const body = bodies.find((b) => b.includes(`Content-Type: ${type}`));
    if (!body) throw new Error(`the mail has no ${type} part`);
    return body.slice(body.search(/\r?\n\r?\n/));
  };
  return { text: part('text/plain'), html: part('text/html') };
}

const HOSTILE = 'Alice <img src=x onerror=alert(1)>';

describe('a name typed at registration, in the mails the server sends to an address', () => {
  const mailing = useMailingApp();
  let smtp: MailServer;
  let ctx: TestContext;
  beforeAll(() => {
    ({ smtp, ctx } = mailing);
  });

  it('shows the verification mail only the plain start of the name, in both parts', async () => {
    const email = newEmail('hostile-name');
    await register(ctx, email, HOSTILE);
    const { text, html } = parts(await smtp.waitForMail(email));
    for (const body of [text, html]) {
      expect(body).toContain('Hi Alice,');
      expect(body).not.toMatch(/img|onerror|alert|src=/);
    }
  });

  it('keeps a link or a message out of the greeting, and the greeting short', async () => {
    const email = newEmail('spoof-name');
    await register(ctx, email, 'Bob your account is locked see evil.example.com now');
    const { text, html } = parts(await smtp.waitForMail(email));
    for (const body of [text, html]) {
      expect(body).toContain('Hi Bob your account is locked see evil,');
      expect(body).not.toContain('evil.example');
    }
  });

  it('greets without a name when none of it is plain, in the reset mail too', async () => {
    const email = newEmail('no-plain-name');
    await register(ctx, email, '<b>Carol</b>');
    const verification = parts(await smtp.waitForMail(email));
    expect(verification.text).toContain('Hi there,');
    expect((await forgot(ctx, email)).statusCode).toBe(202);
    const reset = parts(await smtp.waitForMail(email, 2));
    expect(reset.text).toContain('Hi there,');
    for (const body of [verification.text, verification.html, reset.text, reset.html]) {
      expect(body).not.toMatch(/Carol|<b>|&#60;/);
    }
  });
});

describe('plainName', () => {
  it.each([
    ['Robin Reader', 'Robin Reader'],
    ["  Jean-Luc   O'Brien ", "Jean-Luc O'Brien"],
    ['J. R. R. Tolkien', 'J. R. R. Tolkien'],
    ['Zoë Ñúñez', 'Zoë Ñúñez'],
    ['李小龙', '李小龙'],
    ['Anna 🌸', 'Anna'],
    ['Robin2', 'Robin'],
    ['visit.example.com', 'visit'],
    ['Eve\u202Emoc.live', 'Eve'],
    ['<b>Bob', ''],
    [
      'Maria José García Fernández de la Torre y Martínez',
      'Maria José García Fernández de la Torre',
    ],
  ])('%j greets as %j', (name, plain) => {
    expect(plainName(name)).toBe(plain);
  });
});
