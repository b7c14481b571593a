import type { MailMessage } from './mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The longest name a greeting shows; a name is cut after its last whole word within it. */
const GREETING_NAME_MAX = 40;

/**
 * The part of a name that a mail may repeat: its start up to the first character that is not a
 * letter, a space, an apostrophe, a hyphen or a full stop before a space, bounded in length.
 * Anyone can register any address with any name, so the name is the one thing in the mail the
 * sender chose; reduced like this it cannot carry markup, a link or a paragraph (decision 066).
 */
export function plainName(name: string): string {
  const start = /^(?:[\p{L}\p{M}\s'’-]|\.(?=\s|$))*/u.exec(name)?.[0] ?? '';
  const words = start.split(/\s+/).filter(Boolean);
  let kept = '';
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if ([...next].length > GREETING_NAME_MAX) break;
    kept = next;
  }
  return kept || [...(words[0] ?? '')].slice(0, GREETING_NAME_MAX).join('');
}

function greeting(name: string): string {
  const plain = plainName(name);
  return plain ? `Hi ${plain},` : 'Hi there,';
}

/** The same few paragraphs as text and as plain, readable HTML with one button-like link. */
function compose(options: {
  to: string;
  subject: string;
  greeting: string;
  before: string[];
  action: { label: string; url: string };
  after: string[];
}): MailMessage {
  const { to, subject, greeting, before, action, after } = options;
  const text = [
    greeting,
    '',
    ...before.flatMap((p) => [p, '']),
    action.url,
    '',
    ...after.flatMap((p) => [p, '']),
    'Take care,',
    'Wellspring',
    '',
  ].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5fb;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f1d2b;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
${paragraph(greeting)}
${before.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#5b4bdb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:12px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#55526a">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>
${after.map(paragraph).join('\n')}
<p style="margin:0">Take care,<br>Wellspring</p>
</div>
</body></html>
`;
  return { to, subject, text, html };
}

/** The mail that proves an address: sent after registration, and again on request. */
export function verificationMail(to: string, name: string, link: string): MailMessage {
  return compose({
    to,
    subject: 'Please confirm your email for Wellspring',
    greeting: greeting(name),
    before: [
      'Thank you for joining Wellspring. Please confirm that this email address is yours by opening the link below.',
    ],
    action: { label: 'Confirm my email', url: link },
    after: [
      'The link works once, for 24 hours. If you did not create a Wellspring account, you can ignore this email: nothing more will happen.',
    ],
  });
}

/** The mail with a link to choose a new password. */
export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return compose({
    to,
    subject: 'Reset your Wellspring password',
    greeting: greeting(name),
    before: [
      'Someone, hopefully you, asked to reset the password of your Wellspring account. To choose a new password, open the link below.',
    ],
    action: { label: 'Choose a new password', url: link },
    after: [
      'The link works once, for one hour. Choosing a new password signs you out on every device.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  });
}
