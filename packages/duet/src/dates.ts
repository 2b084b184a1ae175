/**
 * Board timestamps are local date-times without a zone, `YYYY-MM-DDTHH:MM:SS` (docs/duet-http.md §1.3).
 * Clients (DWC) may omit zero padding, so parsing is loose.
 */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `date` as a board writes it: local time, zero-padded, no zone. */
export function formatBoardDate(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A board date-time (padded or not) as a local Date, or null when it does not read as one. */
export function parseBoardDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})T(\d{1,2}):(\d{1,2}):(\d{1,2})/.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  return Number.isNaN(date.getTime()) ? null : date;
}
