// The embedded mail catcher: when SMTP_URL is not set, the shop's emails go to an SMTP server in
// this process (smtp-server) that keeps them, parsed (mailparser), instead of delivering them, and
// a web inbox shows them (inbox-page.ts) with a REST API at /api/email for tests and scripts. Both
// listen on loopback only, and the inbox answers only under a loopback name and to no other site's
// page: it shows every customer's mail. It keeps the latest KEPT_EMAILS in memory, so a restart
// empties it. docs/decisions/0019 says why not MailDev, 0033 why the Host and Origin checks.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { isLoopbackHost } from '../../shared/loopback';
import { inboxPage, messagePage } from './inbox-page';

export interface CaughtEmail {
  id: string;
  /** The Message-ID header as sent, with its angle brackets; empty when there was none. */
  messageId: string;
  date: string;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** Where the shop sends: smtp://127.0.0.1:<the SMTP port given, or a free one>. */
  smtpUrl: string;
  /** The web inbox. */
  inboxUrl: string;
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';
/** Enough for a day of trying the shop out; older emails are dropped first. */
const KEPT_EMAILS = 500;
const MAX_MESSAGE_BYTES = 1024 * 1024;

function addresses(field: AddressObject | AddressObject[] | undefined): CaughtEmail['to'] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map(({ address = '', name }) => ({ address, name })));
}

/** Each port 0 (smtpPort by default) picks a free one. */
export async function startMailCatcher(options: { inboxPort: number; smtpPort?: number }): Promise<MailCatcher> {
  const caught: CaughtEmail[] = [];

  const smtp = new SMTPServer({
    // Only this machine reaches it, and the shop's mailer sends without a login or TLS.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          caught.push({
            id: randomUUID(),
            messageId: parsed.messageId ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            from: addresses(parsed.from),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
          });
          if (caught.length > KEPT_EMAILS) caught.shift();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  const inbox = Fastify({ logger: false });
  inbox.addHook('onRequest', async (request, reply) => {
    const refusal = refusalOf(request, inboxPort(inbox));
    if (refusal) return reply.status(403).header('connection', 'close').send({ error: refusal });
  });
  inbox.get('/api/email', async () => caught);
  inbox.get<{ Params: { id: string } }>('/api/email/:id/html', async (request, reply) => {
    const email = caught.find((candidate) => candidate.id === request.params.id);
    if (!email) return reply.status(404).send({ error: 'Not found' });
    // Shown in the inbox's frame as the recipient's client would, but never able to run a script.
    return reply
      .header(
        'content-security-policy',
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
      )
      .type('text/html')
      .send(email.html);
  });
  inbox.get('/', async (_request, reply) => page(reply).send(inboxPage([...caught].reverse())));
  inbox.get<{ Params: { id: string } }>('/email/:id', async (request, reply) => {
    const email = caught.find((candidate) => candidate.id === request.params.id);
    if (!email) return reply.status(404).send({ error: 'Not found' });
    return page(reply).send(messagePage(email));
  });

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, HOST, () => resolve());
  });
  try {
    await inbox.listen({ port: options.inboxPort, host: HOST });
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const smtpAddress = smtp.server.address();
  return {
    smtpUrl: `smtp://${HOST}:${typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : 0}`,
    inboxUrl: `http://${HOST}:${inboxPort(inbox)}`,
    close: async () => {
      await Promise.all([inbox.close(), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}

function inboxPort(inbox: FastifyInstance): number {
  const address = inbox.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Why a request to the inbox is refused, if it is. A Host other than a loopback name is a site
 * whose name was rebound to 127.0.0.1 (DNS rebinding) reading the inbox as its own; an Origin other
 * than the inbox's own is another site's page, or another local service's, calling it from a
 * browser. Neither is the developer reading their shop's mail.
 */
function refusalOf(request: FastifyRequest, port: number): string | undefined {
  if (!isLoopbackHost(request.hostname)) return 'The mail inbox answers only under this machine’s own names.';
  const origin = request.headers.origin;
  if (origin === undefined || isOwnOrigin(origin, port)) return undefined;
  return 'The mail inbox cannot be read from a web page on this origin.';
}

function isOwnOrigin(origin: string, port: number): boolean {
  const url = URL.parse(origin);
  return url?.protocol === 'http:' && isLoopbackHost(url.hostname) && url.port === String(port);
}

/** The inbox's own pages: only their inline styles, frames of the inbox itself, framed by nobody. */
function page(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8');
}
