// The specifications table's rules, and its parts CSV cell: any table the editor takes survives
// the trip through "name: value; name: value" unchanged, whatever colons, semicolons and
// backslashes its names and values hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { readSpecificationsCell, specificationsCell, specificationsSchema } from './part-specifications';

/** Text of a name or value as the editor keeps it: trimmed, not empty, with the CSV's special characters likely. */
const text = (max: number) =>
  fc
    .string({ unit: fc.constantFrom('a', 'Z', '7', ' ', ':', ';', '\\', '"', ',', 'é', '–'), minLength: 1, maxLength: max })
    .map((value) => value.trim())
    .filter((value) => value.length > 0);

const table = fc
  .uniqueArray(fc.record({ name: text(60), value: text(200) }), {
    maxLength: 30,
    selector: (row) => row.name.toLowerCase(),
  })
  .filter((rows) => specificationsSchema.safeParse(rows).success);

describe('a specifications table in the parts CSV', () => {
  it('reads back exactly the table any valid table was written as', () => {
    fc.assert(
      fc.property(table, (rows) => {
        expect(specificationsSchema.parse(readSpecificationsCell(specificationsCell(rows)))).toEqual(rows);
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads an empty cell as no rows, and a row without a colon as one without a value', () => {
    expect(readSpecificationsCell('')).toEqual([]);
    expect(readSpecificationsCell(' ; ')).toEqual([]);
    expect(readSpecificationsCell('Weight')).toEqual([{ name: 'Weight', value: '' }]);
    expect(specificationsSchema.safeParse(readSpecificationsCell('Weight')).error?.issues[0]?.message).toBe(
      messages.specificationValueRequired,
    );
  });
});
