// Why the server could not start, as one sentence naming the setting to change, for the failures
// an operator causes: a taken port, a database it cannot reach or that refuses its credentials.
// Anything else is a bug and keeps its stack trace.
import { ConfigError } from '../config';

/** Postgres's SQLSTATEs for a refused login: bad password, unknown role or no access. */
const REFUSED_LOGIN = new Set(['28P01', '28000']);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'CONNECT_TIMEOUT']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The database would not let us in: a ConfigError naming DATABASE_URL, or the error itself. */
export function databaseBootFailure(error: unknown, url: string): unknown {
  const code = codeOf(error);
  const { host, pathname, username } = new URL(url);
  if (code && UNREACHABLE.has(code)) return new ConfigError(`DATABASE_URL: cannot reach Postgres at ${host} (${code}).`);
  if (code && REFUSED_LOGIN.has(code))
    return new ConfigError(`DATABASE_URL: Postgres at ${host} refused the user "${username}" or its password.`);
  if (code === '3D000') return new ConfigError(`DATABASE_URL: there is no database "${pathname.slice(1)}" on Postgres at ${host}.`);
  return error;
}

/** Listening failed: a ConfigError naming PORT or HOST, or the error itself. */
export function listenBootFailure(error: unknown, host: string, port: number): unknown {
  const code = codeOf(error);
  if (code === 'EADDRINUSE')
    return new ConfigError(`PORT: ${host}:${port} is already in use; stop what listens there or set another PORT.`);
  if (code === 'EACCES') return new ConfigError(`PORT: not allowed to listen on ${host}:${port}; set a PORT above 1023.`);
  if (code === 'EADDRNOTAVAIL') return new ConfigError(`HOST: ${host} is not an address of this machine.`);
  return error;
}

/** The mail catcher could not listen: a ConfigError naming the taken port's variable, or the error itself. */
export function mailCatcherBootFailure(error: unknown, ports: { inboxPort: number; smtpPort: number }): unknown {
  if (codeOf(error) !== 'EADDRINUSE') return error;
  // Node's listen error names the port it could not take.
  const [variable, port] =
    (error as { port?: unknown }).port === ports.smtpPort ? ['MAIL_SMTP_PORT', ports.smtpPort] : ['MAIL_INBOX_PORT', ports.inboxPort];
  return new ConfigError(
    `${variable}: 127.0.0.1:${port} is already in use; set another ${variable}, or SMTP_URL to send through a mail server.`,
  );
}
