import { format, isValid, parseISO } from 'date-fns';

const BOARD_DATE = "yyyy-MM-dd'T'HH:mm:ss";

/** A time as a board takes it (rr_upload's `time`): its local clock, no zone. */
export const toBoardTime = (date: Date): string => format(date, BOARD_DATE);

/** A listed date, read in the viewer's local time (the board gives no zone); null when it gave none or a bad one. */
export function parseBoardDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** The name an existing file is kept under when an upload replaces it (docs/design.md §3). */
export const backupName = (path: string): string => `${path}.bck`;
