// A backup or restore that cannot go on, with one sentence saying why and what to do: the commands
// print it alone, without a stack trace, and change nothing more.
export class BackupError extends Error {}
