// The export stream's ending: a read that fails mid-way is reported to whoever serves the download
// (the status line is already sent, so the file just ends short), and a download the client gives up
// is not a failure.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ordersCsv } from './orders-export';

const range = { from: '2026-03-01', to: '2026-03-02' };

/** A database whose every read fails, as one that went away mid-download does. */
const unreachableDatabase = {
  select: () => {
    throw new Error('the database went away');
  },
} as unknown as Database;

describe('ordersCsv', () => {
  it('reports a read that fails mid-way, once', async () => {
    const failures: Error[] = [];
    const csv = ordersCsv(unreachableDatabase, range, 'UTC', (error) => failures.push(error));
    await new Promise((resolve) => csv.on('close', resolve).on('error', resolve).resume());
    expect(failures.map((failure) => failure.message)).toEqual(['the database went away']);
  });

  it('does not report a download the client gave up', async () => {
    const failures: Error[] = [];
    const csv = ordersCsv(unreachableDatabase, range, 'UTC', (error) => failures.push(error));
    const closed = new Promise((resolve) => csv.on('close', resolve));
    csv.destroy();
    await closed;
    // The pipeline hears of the close on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual([]);
  });
});
