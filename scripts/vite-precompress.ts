// A Vite plugin: after the build, writes a Brotli (.br) and a gzip (.gz) copy beside every text
// file worth compressing, which the server sends to browsers that accept them
// (@fastify/static's preCompressed). Compressing once at build time costs requests nothing and
// allows the strongest settings.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the response headers weigh. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sprocket:precompress',
    // The prerendering's server-side build (dist/prerender) is never sent to a browser.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (COMPRESSIBLE.test(path)) writeCompressedCopies(path);
      }
    },
  };
}

/** Writes `path`.br and `path`.gz unless the file is too small to gain from it. */
export function writeCompressedCopies(path: string): void {
  if (statSync(path).size < MIN_BYTES) return;
  const content = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
