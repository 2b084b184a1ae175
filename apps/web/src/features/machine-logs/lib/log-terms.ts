import { isValid, parseISO } from 'date-fns';
import { formatDate, formatDateTime } from '../../../lib/format';
import type en from '../../../locales/en.json';
import { parseLogNumber } from './csv-table';

/**
 * What the machine's logging macros write is Italian (the board's files are the machine's, not the page's):
 * the columns and outcomes they are known to write get the page's words, numbers and dates the page's format.
 * A column or word not known here is shown exactly as the file has it.
 */

type ColumnLabelKey = `machineLogs.columns.${keyof typeof en.machineLogs.columns}`;
export type OutcomeKey = `machineLogs.outcomes.${keyof typeof en.machineLogs.outcomes}`;

/** How a column's cells are shown. */
export type ColumnKind = 'date' | 'text' | 'longText' | 'number' | 'filament' | 'outcome';

export interface LogColumn {
  /** The catalog key of the column's name (`machineLogs.columns.*`), or undefined to show the file's own. */
  labelKey: ColumnLabelKey | undefined;
  kind: ColumnKind;
}

const KNOWN_COLUMNS: Record<string, LogColumn> = {
  data: { labelKey: 'machineLogs.columns.date', kind: 'date' },
  file: { labelKey: 'machineLogs.columns.file', kind: 'text' },
  durata: { labelKey: 'machineLogs.columns.duration', kind: 'text' },
  'filamento (mm)': { labelKey: 'machineLogs.columns.filament', kind: 'filament' },
  esito: { labelKey: 'machineLogs.columns.outcome', kind: 'outcome' },
  componente: { labelKey: 'machineLogs.columns.component', kind: 'text' },
  intervento: { labelKey: 'machineLogs.columns.intervention', kind: 'longText' },
  tecnico: { labelKey: 'machineLogs.columns.technician', kind: 'text' },
  note: { labelKey: 'machineLogs.columns.notes', kind: 'longText' },
  'ore di lavoro': { labelKey: 'machineLogs.columns.workingHours', kind: 'number' },
  'intervallo (ore)': { labelKey: 'machineLogs.columns.interval', kind: 'number' },
};

const KNOWN_OUTCOMES: Record<string, OutcomeKey> = {
  completata: 'machineLogs.outcomes.completed',
  annullata: 'machineLogs.outcomes.cancelled',
  interrotta: 'machineLogs.outcomes.interrupted',
};

const normalised = (text: string) => text.trim().toLowerCase();

/** A header cell as the page shows it: a known column in the page's words, any other as it is. */
export function describeColumn(name: string): LogColumn {
  return KNOWN_COLUMNS[normalised(name)] ?? { labelKey: undefined, kind: 'text' };
}

/** The catalog key of a known outcome (`Completata`…), or undefined for any other word. */
export function outcomeKey(outcome: string): OutcomeKey | undefined {
  return KNOWN_OUTCOMES[normalised(outcome)];
}

export interface CellFormat {
  /** The page's language, for numbers and dates. */
  language: string;
  translate: (key: OutcomeKey) => string;
}

/**
 * A cell as the page shows it: dates and numbers in the page's format, filament in metres (the file counts
 * millimetres), known outcomes translated. A cell that does not read as its column's kind stays as it is.
 */
export function formatCell(cell: string, kind: ColumnKind, { language, translate }: CellFormat): string {
  const text = cell.trim();
  switch (kind) {
    case 'date': {
      const date = parseISO(text);
      if (!isValid(date)) return cell;
      return /\d{2}:\d{2}/.test(text) ? formatDateTime(date, language) : formatDate(date, language);
    }
    case 'number': {
      const value = parseLogNumber(text);
      return Number.isFinite(value) ? new Intl.NumberFormat(language).format(value) : cell;
    }
    case 'filament': {
      const millimetres = parseLogNumber(text);
      if (!Number.isFinite(millimetres)) return cell;
      return new Intl.NumberFormat(language, {
        style: 'unit',
        unit: 'meter',
        maximumFractionDigits: 2,
      }).format(millimetres / 1000);
    }
    case 'outcome': {
      const key = outcomeKey(text);
      return key ? translate(key) : cell;
    }
    default:
      return cell;
  }
}

/** A week's first day (yyyy-MM-dd, as the chart's data names it) in the page's format. */
export function formatWeek(week: string, language: string): string {
  const date = parseISO(week);
  return isValid(date) ? formatDate(date, language) : week;
}
