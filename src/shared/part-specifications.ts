// A part's specifications table ("Weight: 260 g"): an ordered list of name and value rows, the same
// rules for the part editor, the parts CSV and the server.
import { z } from 'zod';
import { TYPED_TEXT } from './common';
import { messages } from './messages';

export const MAX_SPECIFICATIONS = 30;
const SPECIFICATION_NAME_MAX = 60;
const SPECIFICATION_VALUE_MAX = 200;

const specificationSchema = z.object({
  name: z
    .string({ error: messages.specificationNameRequired })
    .trim()
    .min(1, messages.specificationNameRequired)
    .max(SPECIFICATION_NAME_MAX, messages.specificationNameTooLong(SPECIFICATION_NAME_MAX))
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
  value: z
    .string({ error: messages.specificationValueRequired })
    .trim()
    .min(1, messages.specificationValueRequired)
    .max(SPECIFICATION_VALUE_MAX, messages.specificationValueTooLong(SPECIFICATION_VALUE_MAX))
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
});
export type Specification = z.infer<typeof specificationSchema>;

/** Names compare without case: "Weight" and "weight" are one row of the table. */
const nameKey = (specification: Specification) => specification.name.toLowerCase();

export const specificationsSchema = z
  .array(specificationSchema, { error: messages.specificationsInvalid })
  .max(MAX_SPECIFICATIONS, messages.tooManySpecifications(MAX_SPECIFICATIONS))
  .refine((rows) => new Set(rows.map(nameKey)).size === rows.length, messages.specificationNamesRepeated);

/**
 * The parts CSV's cell of a part's specifications: "name: value; name: value". A backslash keeps
 * the next character as text, so a name with a colon, or a value with a semicolon, survives the
 * round trip.
 */
export function specificationsCell(rows: readonly Specification[]): string {
  const escaped = (text: string, special: RegExp) => text.replace(special, (character) => `\\${character}`);
  return rows.map((row) => `${escaped(row.name, /[\\:;]/g)}: ${escaped(row.value, /[\\;]/g)}`).join('; ');
}

/**
 * Reads a specifications cell back into rows (unchecked: specificationsSchema checks them). A row
 * without a colon becomes a row without a value, which the schema refuses by name.
 */
export function readSpecificationsCell(cell: string): Array<{ name: string; value: string }> {
  const rows: Array<{ name: string; value: string }> = [];
  let name: string | null = null;
  let text = '';
  const endRow = () => {
    if (name === null && text.trim() === '') return;
    rows.push(name === null ? { name: text, value: '' } : { name, value: text });
    name = null;
    text = '';
  };
  for (let index = 0; index < cell.length; index += 1) {
    const character = cell[index];
    if (character === '\\' && index + 1 < cell.length) {
      index += 1;
      text += cell[index];
    } else if (character === ':' && name === null) {
      name = text;
      text = '';
    } else if (character === ';') endRow();
    else text += character;
  }
  endRow();
  return rows;
}
