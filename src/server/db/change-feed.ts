// Tells in-memory caches which tables changed, in this process and in every other one sharing the
// database: triggers (migrations/0002) NOTIFY `sprocket_changes` with the table name when a
// writing transaction commits, and each process LISTENs. Writes made through this process's
// drizzle instance are also reported at once (before their commit), so a caller that writes and
// then reads never sees its own write missing while the notification is on its way.
import { connect, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName, type Table } from 'drizzle-orm';
import { Cache, type MutationOption } from 'drizzle-orm/cache/core';
import postgres from 'postgres';

const CHANGES_CHANNEL = 'sprocket_changes';

/** A table's name, or null when changes may have been missed and everything must be dropped. */
export type ChangeListener = (table: string | null) => void;

export interface ChangeFeed {
  /** False while notifications from other processes cannot arrive: caches must not serve then. */
  readonly live: boolean;
  subscribe: (listener: ChangeListener) => () => void;
}

/** The feed's writable side, used by the database module that feeds it. */
export class ChangeHub implements ChangeFeed {
  live = false;
  private readonly listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(table: string | null): void {
    for (const listener of this.listeners) listener(table);
  }

  setLive(live: boolean): void {
    this.live = live;
    // Whatever happened while the feed was down is unknown: start over.
    this.emit(null);
  }

  /** drizzle's cache hook, used only for its mutation callback: reports this process's writes. */
  localWrites(): Cache {
    const emit = (table: string) => this.emit(table);
    return new (class extends Cache {
      strategy(): 'explicit' {
        return 'explicit';
      }
      async get(): Promise<undefined> {
        return undefined;
      }
      async put(): Promise<void> {}
      async onMutate({ tables }: MutationOption): Promise<void> {
        const changed: Array<string | Table> = [tables ?? []].flat();
        for (const table of changed) emit(typeof table === 'string' ? table : getTableName(table));
      }
    })();
  }
}

/** PGlite delivers notifications in-process, before the writing call returns. */
export async function listenPglite(client: PGlite, hub: ChangeHub): Promise<() => Promise<void>> {
  const unlisten = await client.listen(CHANGES_CHANNEL, (table: string) => hub.emit(table));
  hub.setLive(true);
  return () => unlisten();
}

/**
 * A dedicated Postgres connection that LISTENs. postgres-js reconnects and listens again by itself
 * after losing it; from the loss until `onlisten` says it listens again, the feed is not live.
 */
export async function listenPostgres(
  url: string,
  hub: ChangeHub,
  connection: Pick<postgres.Options<Record<string, never>>, 'backoff' | 'connect_timeout'>,
): Promise<() => Promise<void>> {
  const lost = () => hub.setLive(false);
  const listener = postgres(url, {
    ...connection,
    onnotice: () => {},
    // postgres-js keeps its LISTEN connection to itself (this instance's `onclose` never hears of
    // it), but opens it through the documented `socket` option, which its types leave out.
    ...({ socket: (options: postgres.ParsedOptions) => watchedSocket(options, lost) } as object),
  });
  await listener.listen(
    CHANGES_CHANNEL,
    (table) => hub.emit(table),
    () => hub.setLive(true),
  );
  return () => listener.end({ timeout: 5 });
}

/**
 * The TCP connection the driver would open, reporting its loss: at once when it closes, or, where
 * the driver drops that listener to wrap the socket in TLS, when the next attempt opens a socket.
 */
function watchedSocket(options: postgres.ParsedOptions, lost: () => void): Socket {
  lost();
  const socket = options.path ? connect(options.path) : connect(options.port[0] ?? 5432, options.host[0]);
  // TLS's server name comes from `host` (which the driver sets on the sockets it opens itself).
  return Object.assign(socket.once('close', lost), { host: options.host[0] });
}
