// Sends a rendered email over SMTP with nodemailer's pooled transport: to the operator's server
// (SMTP_URL) or the embedded mail catcher. The pool keeps up to `maxConnections` connections open
// and each sends one email at a time, so the sender's concurrency is the pool's size: a slow server
// is never sent more at once, a fast one is kept busy. Every send has a deadline (timeouts on each
// step, and an abort after SEND_DEADLINE_MS overall), so a server that hangs or trickles fails the
// attempt (the outbox retries it) rather than holding the sender past its claim on the email.
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { EmailAttachment } from './templates';

interface OutgoingEmail {
  /** The outbox row's id: with the sender's domain it makes the Message-ID, the same on every attempt. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[] | undefined;
}

export interface Mailer {
  send: (email: OutgoingEmail) => Promise<void>;
  /** How many emails it sends at once (the pool's connections); the sender keeps that many in flight. */
  maxConnections: number;
  /** Closes the connections: idle ones at once, the others once the email they are sending is sent. */
  close: () => void;
}

/** nodemailer's own default pool size: what a mail server that says nothing else is assumed to take. */
export const DEFAULT_SMTP_CONNECTIONS = 5;
const TIMEOUT_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };
/** The longest one send may take, connecting included; the outbox's claim on a batch is sized from it. */
export const SEND_DEADLINE_MS = 60_000;

/** The domain of the one address in a From header (`Shop <orders@shop.example>`), or undefined. */
export function mailDomainOf(from: string): string | undefined {
  const parsed = addressparser(from, { flatten: true });
  const address = parsed.length === 1 ? parsed[0]?.address : undefined;
  const domain = address?.match(/^[^@\s]+@([^@\s]+\.[^@\s]+)$/)?.[1];
  return domain?.toLowerCase();
}

export function createSmtpMailer(options: { url: string; from: string; maxConnections?: number }): Mailer {
  const maxConnections = options.maxConnections ?? DEFAULT_SMTP_CONNECTIONS;
  const domain = mailDomainOf(options.from);
  if (domain === undefined) throw new Error(`The sender ${options.from} has no address with a domain.`);
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      pool: true,
      maxConnections,
      connectionTimeout: TIMEOUT_MS.connection,
      greetingTimeout: TIMEOUT_MS.greeting,
      socketTimeout: TIMEOUT_MS.socket,
    },
    { from: options.from },
  );
  return {
    send: async ({ id, ...email }) => {
      // A receiving server or mail client treats a second copy with this Message-ID as the same
      // email, which is what an attempt after an unrecorded success sends.
      await transport.sendMail({ ...email, messageId: `<${id}@${domain}>`, signal: AbortSignal.timeout(SEND_DEADLINE_MS) });
    },
    maxConnections,
    close: () => transport.close(),
  };
}
