// The API the code serves keeps the promise committed for its major version (api/openapi-v1.json):
// a breaking change fails with the list of changes, a compatible one asks for the document to be
// regenerated with a changelog entry (scripts/api/compatibility.ts, docs/api-compatibility.md).
import { majorVersionOf, promisedDocumentPath, verdictMessage, type ApiDocument } from '../../../scripts/api/compatibility';
import { projectPath } from '../project-root';
import { expect, test } from '../testing/fixtures';

test('the served API document keeps the promise of the committed one', async ({ shop }) => {
  const response = await shop.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  const generated = response.json<ApiDocument>();
  const message = verdictMessage(generated, projectPath(promisedDocumentPath(majorVersionOf(generated))));
  expect(message === null, message ?? '').toBe(true);
});
