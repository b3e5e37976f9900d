// Lints an OpenAPI document with Redocly's rules as redocly.yaml sets them (the recommended set),
// less the problems .redocly.lint-ignore.yaml accepts at their place:
// the library, not the CLI, as only the lint is needed and the CLI brings a server and a bundler.
import { lint, loadConfig } from '@redocly/openapi-core';

export interface LintProblem {
  rule: string;
  severity: string;
  message: string;
  where: string;
}

export async function lintApiDocument(documentPath: string): Promise<LintProblem[]> {
  const config = await loadConfig({ configPath: 'redocly.yaml' });
  const problems = await lint({ ref: documentPath, config });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => ({
      rule: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      where: problem.location.map((location) => location.pointer ?? '').join(', '),
    }));
}
