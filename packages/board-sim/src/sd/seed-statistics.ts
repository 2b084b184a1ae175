import { stringify } from 'csv-stringify/sync';
import { formatSlicerDuration } from './gcode-file.ts';

/** Where the machine's own macros keep their per-job and maintenance logs (docs/product.md §7). */
export const STATISTICS_PATH = '0:/sys/Statistiche/statistiche_v1.csv';
export const MAINTENANCE_PATH = '0:/sys/Statistiche/manutenzioni_v1.csv';

export const STATISTICS_HEADER = ['Data', 'File', 'Durata', 'Filamento (mm)', 'Esito'] as const;
/**
 * One row per component: its last intervention, the machine hours counted since it and the interval after
 * which the component is due again (hours), so the file reads as the machine's maintenance status.
 */
export const MAINTENANCE_HEADER = [
  'Data',
  'Componente',
  'Intervento',
  'Tecnico',
  'Note',
  'Ore di lavoro',
  'Intervallo (ore)',
] as const;

/** How a job ended, as the statistics log words it. */
export type JobOutcome = 'Completata' | 'Annullata' | 'Interrotta';

export interface JobRecord {
  readonly endedAt: Date;
  readonly fileName: string;
  readonly durationSeconds: number;
  readonly filamentMm: number;
  readonly outcome: JobOutcome;
}

const encoder = new TextEncoder();

function formatDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** One CSV line (with its newline) for a finished job. */
export function statisticsRow(record: JobRecord): Uint8Array {
  return encoder.encode(
    stringify([
      [
        formatDateTime(record.endedAt),
        record.fileName,
        formatSlicerDuration(record.durationSeconds),
        record.filamentMm.toFixed(1),
        record.outcome,
      ],
    ]),
  );
}

const PAST_JOBS = [
  ['Supporto_sensore.gcode', 1580, 2140.5],
  ['Staffa_motore_PETG.gcode', 8390, 14520.8],
  ['Carter_frontale.gcode', 35_870, 61_033.4],
  ['Clienti/Rossi_SRL/Coperchio_quadro.gcode', 4990, 8210.7],
  ['calibration_cube_20mm.gcode', 2350, 3105.2],
  ['Piastra_base_v2.gcode', 12_400, 20_870.1],
] as const;

/** About three months of jobs, newest last; a few cancelled or interrupted part-way. */
export function seedStatisticsCsv(now: Date): Uint8Array {
  const rows: string[][] = [[...STATISTICS_HEADER]];
  for (let index = 0; index < 48; index++) {
    const [fileName, seconds, filament] = PAST_JOBS[
      (index * 7) % PAST_JOBS.length
    ] as (typeof PAST_JOBS)[number];
    const outcome: JobOutcome =
      index % 11 === 5 ? 'Annullata' : index % 17 === 9 ? 'Interrotta' : 'Completata';
    const share = outcome === 'Completata' ? 1 : 0.2 + ((index * 37) % 60) / 100;
    const endedAt = new Date(now.getTime() - (96 - index * 2) * 86_400_000 + ((index * 5) % 9) * 3_600_000);
    rows.push([
      formatDateTime(endedAt),
      fileName,
      formatSlicerDuration(Math.round(seconds * share)),
      (filament * share).toFixed(1),
      outcome,
    ]);
  }
  return encoder.encode(stringify(rows));
}

/** Hours of work a day the demo machines put in, which turns days since an intervention into counter hours. */
const WORKING_HOURS_PER_DAY = 8;

/** Days since the intervention, what was done, and the component's interval in hours; three are overdue. */
const MAINTENANCE = [
  [120, 'Ugello', 'Sostituzione ugello 0.4 mm', 'Marco Bianchi', 'Usura dopo circa 1200 ore', 1000],
  [104, 'Piano di stampa', 'Pulizia e livellamento', 'Giulia Rossi', 'Mesh rifatta con G29', 500],
  [88, 'Cinghie X/Y', 'Controllo tensione', 'Marco Bianchi', 'Ritensionata la cinghia Y', 600],
  [61, 'Estrusore', 'Pulizia ingranaggi', 'Luca Ferrari', 'Residui di PETG rimossi', 800],
  [45, 'Ventola hotend', 'Sostituzione', 'Giulia Rossi', 'Rumore anomalo sui cuscinetti', 2000],
  [30, 'Guide lineari', 'Lubrificazione', 'Luca Ferrari', 'Grasso al litio', 200],
  [12, 'Firmware', 'Aggiornamento', 'Marco Bianchi', 'Verificata la configurazione dopo update', 4000],
  [4, 'Sensore filamento', 'Taratura', 'Giulia Rossi', 'Nessuna anomalia', 1000],
] as const;

export function seedMaintenanceCsv(now: Date): Uint8Array {
  const rows = MAINTENANCE.map(([daysAgo, component, work, technician, notes, intervalHours]) => [
    formatDateTime(new Date(now.getTime() - daysAgo * 86_400_000)).slice(0, 10),
    component,
    work,
    technician,
    notes,
    String(daysAgo * WORKING_HOURS_PER_DAY),
    String(intervalHours),
  ]);
  return encoder.encode(stringify([[...MAINTENANCE_HEADER], ...rows]));
}
