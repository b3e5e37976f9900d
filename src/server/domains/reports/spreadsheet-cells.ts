// CSV cells a spreadsheet opens safely. A spreadsheet runs a cell starting with = + - @ (or a tab
// or carriage return before one) as a formula; a leading apostrophe makes it plain text. Exports
// add one, and the parts import takes it off again, so a file exported and imported unchanged
// changes nothing.

/** Formula characters, after any apostrophes that an earlier pass (or a person) put before them. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The cell as text a spreadsheet shows rather than runs. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The text neutraliseFormula was given: a cell it changed loses its first apostrophe. */
export function restoreFormulaText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
