// The embedded mail catcher as a developer uses it: what the shop sends over SMTP shows in the web
// inbox and its REST API, never delivered, and markup in an email cannot run in the inbox. Only
// this machine's names and the inbox's own pages may read it: not a rebound name, not another site.
import { connect } from 'node:net';
import { freePort } from '../free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../server/testing/raw-request';
import { startMailCatcher, type CaughtEmail, type MailCatcher } from './mail-catcher';
import { createSmtpMailer, type Mailer } from '../../server/domains/email/mailer';

let catcher: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  catcher = await startMailCatcher({ inboxPort: 0 });
  mailer = createSmtpMailer({ url: catcher.smtpUrl, from: 'Sprocket <orders@sprocket.example>' });
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
      id: 'd5a1c8e2-0f4b-4c1e-9a57-3f1e2b7c9d10',
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
      messageId: '<d5a1c8e2-0f4b-4c1e-9a57-3f1e2b7c9d10@sprocket.example>',
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
    const port = await freePort();
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

/** GET `path` from the inbox with these headers, Host included. */
async function get(path: string, headers: Record<string, string>) {
  return rawRequest(new URL(catcher.inboxUrl).port, path, { headers });
}

describe('who may read the inbox', () => {
  it('answers under this machine’s names, and the inbox’s own pages', async () => {
    const { port } = new URL(catcher.inboxUrl);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await get('/api/email', { host })).status, host).toBe(200);
    }
    const own = await get('/api/email', { host: `localhost:${port}`, origin: `http://localhost:${port}` });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a Host that is not this machine’s: a name rebound to 127.0.0.1', async () => {
    const { port } = new URL(catcher.inboxUrl);
    for (const path of ['/api/email', '/']) {
      const rebound = await get(path, { host: `attacker.example:${port}` });
      expect(rebound.status, path).toBe(403);
      expect(rebound.body).not.toContain('rider@example.com');
    }
  });

  it('refuses a page of another origin, another local port included, with no CORS answer', async () => {
    const { port } = new URL(catcher.inboxUrl);
    for (const origin of ['https://attacker.example', 'http://127.0.0.1:3000', 'null']) {
      const crossSite = await get('/api/email', { host: `127.0.0.1:${port}`, origin });
      expect(crossSite.status, origin).toBe(403);
      expect(crossSite.headers['access-control-allow-origin']).toBeUndefined();
      expect(crossSite.body).not.toContain('rider@example.com');
    }
  });

  it('lets no other site frame the inbox', async () => {
    const inbox = await fetch(`${catcher.inboxUrl}/`);
    expect(inbox.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
