// Builds the typed client package (packages/client) as `npm pack` would, into its own dist/, for the
// tests that use or inspect what a project installing @sprocket/client gets.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectPath } from '../project-root';

const CLIENT_PACKAGE = projectPath('packages', 'client');
export const CLIENT_BUILD = projectPath('packages', 'client', 'dist');

export async function buildClientPackage(): Promise<void> {
  await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: CLIENT_PACKAGE });
}
