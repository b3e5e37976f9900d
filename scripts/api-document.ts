// `npm run api:document`: writes the public API's OpenAPI document to api/openapi-v1.json, where
// integrations and the typed client read it. The served document and this file must match
// (src/server/public-api/openapi-document.test.ts), so run it after changing a route or schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '../src/server/public-api/openapi-document';
import { publicApiRoutes } from '../src/server/public-api/routes';

const target = join(import.meta.dirname, '..', 'api', 'openapi-v1.json');
const text = await format(JSON.stringify(buildOpenApiDocument(publicApiRoutes)), {
  ...(await resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);
console.log(`wrote ${target}`);
