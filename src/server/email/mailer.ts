// Sends a rendered email over SMTP with nodemailer: to the operator's server (SMTP_URL) or the
// embedded mail catcher. Short timeouts, so a mail server that hangs fails the attempt (the outbox
// retries it) rather than holding the sender past its claim on the email.
import nodemailer from 'nodemailer';

interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send: (email: OutgoingEmail) => Promise<void>;
  close: () => void;
}

const TIMEOUT_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout: TIMEOUT_MS.connection,
      greetingTimeout: TIMEOUT_MS.greeting,
      socketTimeout: TIMEOUT_MS.socket,
    },
    { from },
  );
  return {
    send: async (email) => {
      await transport.sendMail(email);
    },
    close: () => transport.close(),
  };
}
