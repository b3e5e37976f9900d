// What a server process does (ROLE): `web` serves the shop, `worker` runs the background jobs
// (the hold expiry) and answers only its health checks, `all` does both (one process, the default).
export const PROCESS_ROLES = ['web', 'worker', 'all'] as const;

export type ProcessRole = (typeof PROCESS_ROLES)[number];

export function servesShop(role: ProcessRole): boolean {
  return role !== 'worker';
}

export function runsBackgroundJobs(role: ProcessRole): boolean {
  return role !== 'web';
}
