// The embedded mail catcher as a developer uses it: what the shop sends over SMTP shows in the web
// inbox and its REST API, never delivered, and markup in an email cannot run in the inbox.
import { connect } from 'node:net';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtEmail, type MailCatcher } from './mail-catcher';
import { createSmtpMailer, type Mailer } from './mailer';

let catcher: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  catcher = await startMailCatcher({ inboxPort: 0 });
  mailer = createSmtpMailer(catcher.smtpUrl, 'Sprocket <orders@sprocket.example>');
});
afterAll(async () => {
  mailer.close();
  await catcher.close();
});

async function caught(): Promise<CaughtEmail[]> {
  return (await (await fetch(`${catcher.inboxUrl}/api/email`)).json()) as CaughtEmail[];
}

describe('the mail catcher', () => {
  it('listens on loopback only', () => {
    expect(new URL(catcher.smtpUrl).hostname).toBe('127.0.0.1');
    expect(new URL(catcher.inboxUrl).hostname).toBe('127.0.0.1');
  });

  it('keeps each email with both parts, lists it in the inbox and shows it escaped', async () => {
    await mailer.send({
      to: 'rider@example.com',
      subject: 'Booked <script>alert(1)</script>',
      text: 'Plain words',
      html: '<p>Rich <b>words</b></p><script>alert(2)</script>',
    });
    const [email] = await caught();
    expect(email).toMatchObject({
      subject: 'Booked <script>alert(1)</script>',
      text: 'Plain words',
      to: [{ address: 'rider@example.com', name: '' }],
      from: [{ address: 'orders@sprocket.example', name: 'Sprocket' }],
    });
    expect(email!.html).toContain('<p>Rich <b>words</b></p>');

    const inbox = await (await fetch(`${catcher.inboxUrl}/`)).text();
    expect(inbox).toContain('rider@example.com');
    expect(inbox).toContain('Booked &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(inbox).not.toContain('<script>');

    const message = await fetch(`${catcher.inboxUrl}/email/${email!.id}`);
    const shown = await message.text();
    expect(shown).toContain('Plain words');
    expect(shown).toContain(`/api/email/${email!.id}/html`);
    expect(shown).not.toContain('<script>');

    const htmlPart = await fetch(`${catcher.inboxUrl}/api/email/${email!.id}/html`);
    expect(htmlPart.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(await htmlPart.text()).toContain('<p>Rich <b>words</b></p>');
  });

  it('takes SMTP on the port it is given', async () => {
    const port = await getPort();
    const fixed = await startMailCatcher({ inboxPort: 0, smtpPort: port });
    try {
      expect(fixed.smtpUrl).toBe(`smtp://127.0.0.1:${port}`);
      const greeting = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('error', reject).once('data', (data) => {
          resolve(data.toString());
          socket.end();
        });
      });
      expect(greeting).toMatch(/^220 /);
    } finally {
      await fixed.close();
    }
  });

  it('answers 404 for an email it never caught', async () => {
    expect((await fetch(`${catcher.inboxUrl}/email/nothing`)).status).toBe(404);
    expect((await fetch(`${catcher.inboxUrl}/api/email/nothing/html`)).status).toBe(404);
  });
});
