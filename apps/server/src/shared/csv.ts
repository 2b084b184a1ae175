import { type Stringifier, stringify } from 'csv-stringify';

/**
 * Every CSV file the portal writes goes through here: a header of `columns`, then one line per record. A text cell
 * a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or a carriage return, or their
 * full-width forms) is written after a single quote, as OWASP's guidance on CSV injection says (csv-stringify's
 * `escape_formulas`). A cell given as a number stays a number (`-3.5` is no formula), so figures meant as numbers
 * must be handed over as numbers, never as text.
 */
export function csvWriter(columns: readonly string[]): Stringifier {
  return stringify({
    header: true,
    columns: [...columns],
    escape_formulas: true,
    cast: { boolean: String },
  });
}
