// The mail catcher's web inbox: a list of the caught emails, newest first, and one email with its
// text part and its HTML part in a sandboxed frame. Every value is escaped.
import { escape } from 'html-escaper';
import type { CaughtEmail } from './mail-catcher';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .8rem;border-bottom:1px solid #e5e7eb}pre{white-space:pre-wrap;background:#f3f4f6;padding:1rem}
iframe{width:100%;height:40rem;border:1px solid #e5e7eb}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function recipients(email: CaughtEmail): string {
  return escape(email.to.map((to) => to.address).join(', '));
}

export function inboxPage(emails: CaughtEmail[]): string {
  const rows = emails
    .map(
      (email) =>
        `<tr><td>${escape(when.format(new Date(email.date)))}</td><td>${recipients(email)}</td><td><a href="/email/${escape(email.id)}">${escape(email.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table = emails.length
    ? `<table><caption>Caught emails, newest first</caption><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No email yet. Book a part in the shop and its booking email shows here.</p>';
  return layout(
    'Sprocket mail inbox',
    `<h1>Sprocket mail inbox</h1><p>Emails the shop sent while no SMTP_URL is set; they stay here and go nowhere. Reload to see new ones.</p>${table}`,
  );
}

export function messagePage(email: CaughtEmail): string {
  return layout(
    email.subject,
    `<p><a href="/">← Inbox</a></p><h1>${escape(email.subject || '(no subject)')}</h1>
<p>To ${recipients(email)}, ${escape(when.format(new Date(email.date)))}</p>
<h2>HTML part</h2><iframe title="The HTML part" sandbox src="/api/email/${escape(email.id)}/html"></iframe>
<h2>Text part</h2><pre>${escape(email.text)}</pre>`,
  );
}
