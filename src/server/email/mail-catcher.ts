// The embedded mail catcher (MailDev): when SMTP_URL is not set, the shop's emails go to an SMTP
// server on this machine that keeps them, shown in a web inbox (with a REST API at /api/email)
// instead of being delivered. Both listen on loopback only: the inbox shows every customer's mail.
import { join } from 'node:path';
import { MailDev } from 'maildev';

export interface MailCatcher {
  /** Where the shop sends: smtp://127.0.0.1:<free port>. */
  smtpUrl: string;
  /** The web inbox. */
  inboxUrl: string;
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';

export async function startMailCatcher(options: { dataDir: string; inboxPort: number }): Promise<MailCatcher> {
  const maildev = new MailDev({
    // Port 0: the system picks a free SMTP port; only this process sends to it.
    smtp: 0,
    ip: HOST,
    web: options.inboxPort,
    webIp: HOST,
    mailDirectory: join(options.dataDir, 'mail'),
    silent: true,
  });
  const servers = await maildev.start();
  const inboxPort = servers.api?.getAddress()?.port ?? options.inboxPort;
  return {
    smtpUrl: `smtp://${HOST}:${servers.smtp.getAddress().port}`,
    inboxUrl: `http://${HOST}:${inboxPort}`,
    close: () => maildev.stop(),
  };
}
