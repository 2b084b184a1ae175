import Papa from 'papaparse';

/** A CSV file read as a table: its first row names the columns, the others are the data. */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/**
 * Splits a comma-separated file into header and rows (docs/product.md §5: the table splits on comma).
 * Papa Parse also honours quoted fields, so a comma inside quotes stays in its cell, and blank lines (the
 * trailing newline) make no empty rows. An empty file gives an empty header and no rows.
 */
export function parseCsvTable(text: string): CsvTable {
  const { data } = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: true });
  const [header = [], ...rows] = data;
  return { header, rows };
}

/** The index of the first column whose name matches, or -1. */
export function findColumn(header: readonly string[], pattern: RegExp): number {
  return header.findIndex((name) => pattern.test(name.trim()));
}

/** A number as a machine log writes it (`12`, `12.5` or `12,5`); NaN when the cell holds none. */
export function parseLogNumber(cell: string | undefined): number {
  const text = (cell ?? '').trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}
