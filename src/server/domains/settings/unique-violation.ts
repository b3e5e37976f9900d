// Recognises a write refused by a unique index (SQLSTATE 23505): two admins saving the same code,
// zone name or country at once. The check before the write gives the readable message; this turns
// the race the check cannot see into the same refusal instead of a 500.
import { raisedWith } from '../../db/database-errors';

export function isUniqueViolation(error: unknown): boolean {
  return raisedWith(error, '23505') !== null;
}
