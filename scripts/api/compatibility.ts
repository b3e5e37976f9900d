// The public API's compatibility verdict: how the OpenAPI document the code generates differs from
// the one committed for its major version (api/openapi-v<major>.json), the promise integrations
// were built against. api-smart-diff classifies each change; only changes under `paths` are judged,
// as they carry the components resolved where they are used (a component's own diff cannot tell a
// request from an answer). Policy: docs/api-compatibility.md.
import { existsSync, readFileSync } from 'node:fs';
import { apiCompare } from 'api-smart-diff';

/** The committed document for a major version. */
export function promisedDocumentPath(major: number): string {
  return `api/openapi-v${major}.json`;
}

export interface ApiDocument {
  info: { version: string };
  paths?: Record<string, unknown>;
}

export type Verdict =
  | { kind: 'unchanged' }
  /** Added operations, optional fields and parameters, descriptions, deprecations. */
  | { kind: 'compatible'; changes: string[] }
  /** Removed or retyped fields, new required inputs, new values in an answer's enum… */
  | { kind: 'breaking'; changes: string[] };

export function majorVersionOf(document: ApiDocument): number {
  const major = Number(document.info.version.split('.')[0]);
  if (!Number.isInteger(major) || major < 1) throw new Error(`The document's version "${document.info.version}" is not semver.`);
  return major;
}

export function compatibilityVerdict(promised: ApiDocument, generated: ApiDocument): Verdict {
  const changes = apiCompare(promised, generated).diffs;
  if (changes.length === 0) return { kind: 'unchanged' };
  const described = (diff: (typeof changes)[number]) =>
    `${diff.type}: ${diff.description ?? diff.action} at ${diff.path.map(String).join(' › ')}`;
  // An unclassified change is one the tool cannot judge: a person must, so it counts as breaking.
  const breaking = changes.filter((diff) => diff.path[0] === 'paths' && (diff.type === 'breaking' || diff.type === 'unclassified'));
  if (breaking.length > 0) return { kind: 'breaking', changes: breaking.map(described) };
  return { kind: 'compatible', changes: changes.map(described) };
}

/** What a developer reads when the generated document is not the promised one; null when it is. */
export function verdictMessage(generated: ApiDocument, promisedPath = promisedDocumentPath(majorVersionOf(generated))): string | null {
  if (!existsSync(promisedPath)) {
    return `${promisedPath} is missing: a new major version is a new document. Run \`npm run api:document\`, commit it and add its entry to api/CHANGELOG.md.`;
  }
  const promised = JSON.parse(readFileSync(promisedPath, 'utf8')) as ApiDocument;
  const verdict = compatibilityVerdict(promised, generated);
  switch (verdict.kind) {
    case 'unchanged':
      return null;
    case 'breaking':
      return [
        `The API the code serves breaks the promise in ${promisedPath}:`,
        ...verdict.changes.map((change) => `  - ${change}`),
        'Make the change compatible (docs/api-compatibility.md), or publish it as a new major version (a new document).',
      ].join('\n');
    case 'compatible':
      return [
        `The API the code serves differs from ${promisedPath} in compatible ways:`,
        ...verdict.changes.map((change) => `  - ${change}`),
        'Run `npm run api:document`, raise the minor version (or the patch, for descriptions only) and add an entry to api/CHANGELOG.md.',
      ].join('\n');
  }
}
