// Compiles MJML markup to HTML in a worker thread that exits when it is done. MJML takes about
// 65 MB once loaded and allocates heavily while it compiles; in its own thread, that memory goes
// when the thread does, so a process that sends email keeps only the compiled HTML.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** MJML compiles the email layout in about a second; a compile still running after this is stopped. */
const COMPILE_DEADLINE_MS = 30_000;

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

/**
 * `markup` as HTML. Strict: a mistake in the markup rejects, with MJML's message, instead of
 * mailing it. A compile that outlives `deadlineMs` is stopped and rejects, so a sender waiting for
 * it is never held for good.
 */
export function compileMjml(markup: string, deadlineMs = COMPILE_DEADLINE_MS): Promise<string> {
  const mjml = createRequire(import.meta.url).resolve('mjml');
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILE_IN_WORKER, { eval: true, workerData: { mjml, markup } });
    const deadline = setTimeout(() => {
      reject(new Error(`The MJML compiler did not answer within ${deadlineMs} ms`));
      void worker.terminate();
    }, deadlineMs);
    worker.once('message', (html: string) => resolve(html));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`The MJML compiler stopped (exit code ${code}) before it answered`));
    });
  });
}
