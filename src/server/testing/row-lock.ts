// Test support: a part's row locked by a transaction of the test's own, as a stuck transaction
// elsewhere (another process, an operator's open psql) would hold it, until the test releases it.
import postgres from 'postgres';

/** Locks the part's row from a connection of its own; resolves, once it is held, with its release. */
export async function holdPartRow(databaseUrl: string, toolId: string): Promise<() => Promise<void>> {
  const other = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = other.begin(async (tx) => {
    await tx`select id from tools where id = ${toolId} for update`;
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
    await other.end();
  };
}
