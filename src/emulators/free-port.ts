// A free port for a process that binds it seconds later (the Auth emulator's CLI takes that long
// to start). An ordinary free port comes from the kernel's ephemeral range (32768-60999 on Linux),
// from which every outgoing connection also takes its local port: on a machine making many
// connections, one of them could take the port before the process binds it ("port taken").
// Ports below that range are only ever taken by a listener; the start is random so that
// several processes choosing at once rarely try the same ones.
import getPort from 'get-port';

const FIRST = 20_000;
const LAST = 32_767;

export interface FreePortOptions {
  host?: string;
  exclude?: readonly number[];
}

export function freePort(options: FreePortOptions = {}): Promise<number> {
  const start = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
  const candidates = function* () {
    for (let offset = 0; offset <= LAST - FIRST; offset += 1) yield FIRST + ((start - FIRST + offset) % (LAST - FIRST + 1));
  };
  return getPort({ port: candidates(), ...(options.host ? { host: options.host } : {}), exclude: options.exclude ?? [] });
}
