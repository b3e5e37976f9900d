// The parts CSV import: its bounds, the call that carries a file, and the report an admin reads,
// shared by the Manage product page and the server (docs/decisions/0051).
import { z } from 'zod';
import { messages } from './messages';

/** The largest file an import takes: about 5,000 parts with long descriptions. */
export const PARTS_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** The most parts one import writes, so one transaction stays a bounded amount of work. */
export const PARTS_CSV_MAX_ROWS = 5_000;

/** `check` reports what the file would change; `import` writes it, all or nothing. */
const partsCsvModes = ['check', 'import'] as const;

export const importPartsCsvSchema = z.object({
  csv: z.string({ error: messages.partsCsvMissing }).max(PARTS_CSV_MAX_BYTES, messages.partsCsvTooLarge),
  mode: z.enum(partsCsvModes, { error: messages.partsCsvModeInvalid }),
});
export type ImportPartsCsvInput = z.infer<typeof importPartsCsvSchema>;

/** One refused row: its line in the file (1 is the header) and what to change. */
export interface PartsCsvProblem {
  line: number;
  message: string;
}

export interface PartsCsvReport {
  problems: PartsCsvProblem[];
  created: number;
  updated: number;
  unchanged: number;
  /** True once the rows are saved; a check, or a file with any problem, writes nothing. */
  written: boolean;
}
