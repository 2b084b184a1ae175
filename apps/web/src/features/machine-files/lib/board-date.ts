import { format, isValid, parseISO } from 'date-fns';

const BOARD_DATE = "yyyy-MM-dd'T'HH:mm:ss";

/** A time as a board takes it (rr_upload's `time`): its local clock, no zone. */
export const toBoardTime = (date: Date): string => format(date, BOARD_DATE);

/** A board date for the listing, in the viewer's local time; empty when the board gave none or a bad one. */
export function formatBoardDate(value: string | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'yyyy-MM-dd HH:mm') : '';
}

/** The name an existing file is kept under when an upload replaces it (docs/design.md §3). */
export const backupName = (path: string): string => `${path}.bck`;
