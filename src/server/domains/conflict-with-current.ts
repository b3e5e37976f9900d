// The cause of a CONFLICT that shows the values the change met (a part another admin saved first),
// so the caller can show them instead of overwriting them; the tRPC error shape carries them
// (trpc.ts, `data.current`).
export class ConflictWithCurrent extends Error {
  constructor(readonly current: unknown) {
    super('The change met newer values');
  }
}
