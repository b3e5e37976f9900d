// The one place that says which Chromium the browser journeys and the web benchmark drive:
// CHROMIUM_PATH, else Debian's /usr/bin/chromium. A machine without it gets one sentence saying how
// to get it, once, instead of every journey failing with playwright's launch error.
import { accessSync, constants } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError';
}

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.CHROMIUM_PATH?.trim();
  const path = chosen || DEBIAN_CHROMIUM;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    throw new ChromiumMissingError(
      chosen
        ? `CHROMIUM_PATH: ${path} is not a program this user can run; point it at a Chromium or Chrome binary.`
        : `The browser journeys need Chromium at ${DEBIAN_CHROMIUM}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  }
}
