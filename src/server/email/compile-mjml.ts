// Compiles MJML markup to HTML in a worker thread that exits when it is done. MJML takes about
// 65 MB once loaded and allocates heavily while it compiles; in its own thread, that memory goes
// when the thread does, so a process that sends email keeps only the compiled HTML.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker's whole program. An inline script rather than a file: the server is bundled into one
 * module, and a script needs no second entry point beside it. `workerData.mjml` is MJML's path,
 * resolved here from this module, so the worker finds the same package whatever its directory.
 */
const COMPILE_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const mjml2html = require(workerData.mjml);
Promise.resolve(mjml2html(workerData.markup, { validationLevel: 'strict' })).then(({ html }) => parentPort.postMessage(html));
`;

/** `markup` as HTML. Strict: a mistake in the markup rejects, with MJML's message, instead of mailing it. */
export function compileMjml(markup: string): Promise<string> {
  const mjml = createRequire(import.meta.url).resolve('mjml');
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILE_IN_WORKER, { eval: true, workerData: { mjml, markup } });
    worker.once('message', (html: string) => resolve(html));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The MJML compiler stopped (exit code ${code}) before it answered`)));
  });
}
