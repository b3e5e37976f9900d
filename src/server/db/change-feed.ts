// Tells in-memory caches which tables changed, in this process and in every other one sharing the
// database: triggers (migrations/0002) NOTIFY `sprocket_changes` with the table name when a
// writing transaction commits, and each process LISTENs. Writes made through this process's
// drizzle instance are also reported at once (before their commit), so a caller that writes and
// then reads never sees its own write missing while the notification is on its way.
import type { PGlite } from '@electric-sql/pglite';
import { getTableName } from 'drizzle-orm';
import { Cache, type MutationOption } from 'drizzle-orm/cache/core';
import postgres from 'postgres';

export const CHANGES_CHANNEL = 'sprocket_changes';
const RECONNECT_DELAY_MS = 1_000;

/** A table's name, or null when changes may have been missed and everything must be dropped. */
export type ChangeListener = (table: string | null) => void;

export interface ChangeFeed {
  /** False while notifications from other processes cannot arrive: caches must not serve then. */
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
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
    const hub = this;
    return new (class extends Cache {
      strategy(): 'explicit' {
        return 'explicit';
      }
      async get(): Promise<undefined> {
        return undefined;
      }
      async put(): Promise<void> {}
      async onMutate({ tables }: MutationOption): Promise<void> {
        for (const table of [tables ?? []].flat()) hub.emit(typeof table === 'string' ? table : getTableName(table));
      }
    })();
  }
}

/** PGlite delivers notifications in-process, before the writing call returns. */
export async function listenPglite(client: PGlite, hub: ChangeHub): Promise<() => Promise<void>> {
  const unlisten = await client.listen(CHANGES_CHANNEL, (table) => hub.emit(table));
  hub.setLive(true);
  return () => unlisten();
}

/**
 * A dedicated Postgres connection that LISTENs, and listens again after it is lost (until then
 * the feed is not live, so nothing is served from memory).
 */
export async function listenPostgres(url: string, hub: ChangeHub): Promise<() => Promise<void>> {
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const listener = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    onclose: () => {
      if (closing) return;
      hub.setLive(false);
      retry ??= setTimeout(startListening, RECONNECT_DELAY_MS);
    },
    // postgres-js delivers NotificationResponse messages here (its own listen() uses this option).
    ...({ onnotify: (_channel: string, table: string) => hub.emit(table) } as object),
  });

  async function startListening(): Promise<void> {
    retry = undefined;
    try {
      await listener.unsafe(`listen ${CHANGES_CHANNEL}`);
      hub.setLive(true);
    } catch {
      if (!closing) retry ??= setTimeout(startListening, RECONNECT_DELAY_MS);
    }
  }

  await listener.unsafe(`listen ${CHANGES_CHANNEL}`);
  hub.setLive(true);
  return async () => {
    closing = true;
    clearTimeout(retry);
    await listener.end({ timeout: 5 });
  };
}
