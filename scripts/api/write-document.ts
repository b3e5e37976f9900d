// `npm run api:document`: writes the public API's OpenAPI document to api/openapi-v<major>.json,
// where integrations and the typed client read it. The served document and this file must match
// (src/server/public-api/public-api.test.ts), so run it after changing a route or schema. It refuses
// to write a breaking change over a version's promise: that needs a new major version.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '../../src/server/public-api/openapi-document';
import { publicApiRoutes } from '../../src/server/public-api/routes';
import { compatibilityVerdict, majorVersionOf, promisedDocumentPath, type ApiDocument } from './compatibility';

const document = buildOpenApiDocument(publicApiRoutes) as ApiDocument;
const target = join(import.meta.dirname, '..', '..', promisedDocumentPath(majorVersionOf(document)));
if (existsSync(target)) {
  const verdict = compatibilityVerdict(JSON.parse(readFileSync(target, 'utf8')) as ApiDocument, document);
  if (verdict.kind === 'breaking') {
    console.error(`Not written: the change breaks the promise in ${target}:`);
    for (const change of verdict.changes) console.error(`  - ${change}`);
    console.error('Make it compatible (docs/api-compatibility.md), or publish it as a new major version.');
    process.exit(1);
  }
}
const text = await format(JSON.stringify(document), { ...(await resolveConfig(target)), filepath: target });
writeFileSync(target, text);
console.log(`wrote ${target}`);
