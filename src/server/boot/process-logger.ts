// The process's logger: JSON lines for log collectors, or readable colored lines when a person
// started the server from a terminal (pino-pretty, loaded only then).
import pino, { type Level, type Logger } from 'pino';

export async function processLogger(level: Level | 'silent'): Promise<{ log: Logger }> {
  if (!process.stdout.isTTY) return { log: pino({ level }) };
  const { default: pretty } = await import('pino-pretty');
  // Synchronous, in this thread: each line is on screen before the next is made, as with JSON.
  const stream = pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { log: pino({ level }, stream) };
}
