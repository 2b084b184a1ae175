import { statisticsRow } from '@portal/board-sim';
import { describe, expect, it } from 'vitest';
import {
  boardKeyOf,
  boardOffsetMs,
  jobFilePath,
  jobsToRecord,
  localMinuteToUtc,
  parseStatisticsLog,
  readDurationSeconds,
  readLocalMinute,
} from './statistics-log.ts';

const HEADER = 'Data,File,Durata,Filamento (mm),Esito';
const HOUR_MS = 3_600_000;

describe('parseStatisticsLog', () => {
  it('reads the lines the board simulator writes, as the macros do', () => {
    const line = new TextDecoder().decode(
      statisticsRow({
        endedAt: new Date(2026, 2, 4, 7, 5, 41),
        fileName: 'Clienti/Rossi, SRL/Coperchio.gcode',
        durationSeconds: 8390,
        filamentMm: 14520.84,
        outcome: 'Annullata',
      }),
    );
    expect(parseStatisticsLog(`${HEADER}\n${line}`)).toEqual({
      rows: [
        {
          local: '2026-03-04 07:05',
          fileName: 'Clienti/Rossi, SRL/Coperchio.gcode',
          printSeconds: 8390,
          filamentMm: 14520.8,
          outcome: 'cancelled',
        },
      ],
      skipped: 0,
    });
  });

  it('skips empty and blank lines, with or without CRLF and a byte-order mark', () => {
    const text = `\uFEFF${HEADER}\r\n\r\n2026-01-02 10:00,a.gcode,1h 0m 0s,100.0,Completata\r\n   \r\n\r\n2026-01-03 11:30,b.gcode,10m 0s,20.0,Completata\r\n`;
    const log = parseStatisticsLog(text);
    expect(log.rows.map((row) => row.fileName)).toEqual(['a.gcode', 'b.gcode']);
    expect(log.skipped).toBe(0);
  });

  it('reads a decimal comma, quoted or not (then the filament is two cells), and a file name with a comma', () => {
    const log = parseStatisticsLog(
      [
        HEADER,
        '2026-01-02 10:00,a.gcode,1h 2m 3s,"2140,5",Completata',
        '2026-01-02 12:00,b.gcode,1h 2m 3s,2140,5,Completata',
        '2026-01-02 14:00,Rossi, SRL.gcode,1h 2m 3s,2140.5,Completata',
      ].join('\n'),
    );
    expect(log.rows.map((row) => row.filamentMm)).toEqual([2140.5, 2140.5, 2140.5]);
    expect(log.rows.map((row) => row.fileName)).toEqual(['a.gcode', 'b.gcode', 'Rossi, SRL.gcode']);
    expect(log.rows.map((row) => row.printSeconds)).toEqual([3723, 3723, 3723]);
    expect(log.skipped).toBe(0);
  });

  it('reads a file without header in the macros’ column order, and one with English headers in another order', () => {
    const bare = parseStatisticsLog('2026-01-02 10:00,a.gcode,3723,12.5,Interrotta\n');
    expect(bare.rows).toEqual([
      {
        local: '2026-01-02 10:00',
        fileName: 'a.gcode',
        printSeconds: 3723,
        filamentMm: 12.5,
        outcome: 'interrupted',
      },
    ]);
    const english = parseStatisticsLog(
      'Outcome,Date,File,Filament (mm),Duration\nCancelled,2026-01-02 10:00,a.gcode,12.5,1h 2m 3s\n',
    );
    expect(english.rows).toEqual([
      {
        local: '2026-01-02 10:00',
        fileName: 'a.gcode',
        printSeconds: 3723,
        filamentMm: 12.5,
        outcome: 'cancelled',
      },
    ]);
  });

  it('reads outcome words in Italian or English, in any case; an unknown word leaves the outcome unknown', () => {
    const outcomes = [
      'Completata',
      'ANNULLATA',
      'interrotta',
      'Completed',
      'canceled',
      'Interrupted',
      'Boh',
      '',
    ];
    const text = outcomes
      .map((word, index) => `2026-01-02 10:0${index},f${index}.gcode,60,1.0,${word}`)
      .join('\n');
    expect(parseStatisticsLog(text).rows.map((row) => row.outcome)).toEqual([
      'completed',
      'cancelled',
      'interrupted',
      'completed',
      'cancelled',
      'interrupted',
      null,
      null,
    ]);
  });

  it('reads durations as 1d 2h 3m 4s, 2h 19m 50s, 26m 20s, HH:MM:SS and plain seconds', () => {
    expect(readDurationSeconds('1d 2h 3m 4s')).toBe(93_784);
    expect(readDurationSeconds('2h 19m 50s')).toBe(8390);
    expect(readDurationSeconds('26m 20s')).toBe(1580);
    expect(readDurationSeconds('50s')).toBe(50);
    expect(readDurationSeconds('02:19:50')).toBe(8390);
    expect(readDurationSeconds('8390')).toBe(8390);
    expect(readDurationSeconds('8390,4')).toBe(8390);
    expect(readDurationSeconds('')).toBeNull();
    expect(readDurationSeconds('2 ore')).toBeNull();
    expect(readDurationSeconds('1:75:00')).toBeNull();
  });

  it('reads cells separated by semicolons, as a spreadsheet saves them in Italy', () => {
    const log = parseStatisticsLog(
      'Data;File;Durata;Filamento (mm);Esito\n2026-01-02 10:00;a.gcode;1h 0m 0s;2140,5;Completata\n',
    );
    expect(log.rows).toEqual([
      {
        local: '2026-01-02 10:00',
        fileName: 'a.gcode',
        printSeconds: 3600,
        filamentMm: 2140.5,
        outcome: 'completed',
      },
    ]);
  });

  it('skips malformed lines and counts them, keeping the others; missing trailing cells are unknown', () => {
    const log = parseStatisticsLog(
      [
        HEADER,
        'not a date,a.gcode,1h,1.0,Completata',
        '2026-02-30 10:00,b.gcode,1h,1.0,Completata',
        '2026-01-02 10:00,,1h,1.0,Completata',
        '2026-01-02 10:00,c.gcode,soon,1.0,Completata',
        '2026-01-02 10:00,d.gcode,1h,-3,Completata',
        '2026-01-02 11:00,e.gcode',
        HEADER,
        'garbage',
        '2026-01-02 13:00,g.gcode,1h,2.0,Completata',
      ].join('\n'),
    );
    expect(log.rows).toEqual([
      { local: '2026-01-02 11:00', fileName: 'e.gcode', printSeconds: null, filamentMm: null, outcome: null },
      {
        local: '2026-01-02 13:00',
        fileName: 'g.gcode',
        printSeconds: 3600,
        filamentMm: 2,
        outcome: 'completed',
      },
    ]);
    expect(log.skipped).toBe(7);
  });

  it('reads nothing from an empty file or a header alone', () => {
    expect(parseStatisticsLog('')).toEqual({ rows: [], skipped: 0 });
    expect(parseStatisticsLog(`${HEADER}\n\n`)).toEqual({ rows: [], skipped: 0 });
  });

  it('reads dates with a T, seconds or unpadded day and month, and refuses impossible ones', () => {
    expect(readLocalMinute('2026-3-4 7:05')).toBe('2026-03-04 07:05');
    expect(readLocalMinute('2026-03-04T07:05:59')).toBe('2026-03-04 07:05');
    expect(readLocalMinute('2026-13-01 10:00')).toBeNull();
    expect(readLocalMinute('2026-01-01 24:00')).toBeNull();
    expect(readLocalMinute('04/03/2026 07:05')).toBeNull();
  });
});

describe("the board's zone", () => {
  const portal = new Date('2026-07-01T10:00:00Z');

  it("is the board's clock against the portal's, rounded to the quarter hour", () => {
    expect(boardOffsetMs('2026-07-01T12:00:07', portal)).toBe(2 * HOUR_MS);
    // A clock four minutes slow is still two hours ahead; India is five and a half.
    expect(boardOffsetMs('2026-07-01T11:56:00', portal)).toBe(2 * HOUR_MS);
    expect(boardOffsetMs('2026-07-01T15:31:10', portal)).toBe(5.5 * HOUR_MS);
    expect(boardOffsetMs('2026-07-01T05:00:00', portal)).toBe(-5 * HOUR_MS);
    expect(boardOffsetMs('2026-07-01T10:02:00', portal)).toBe(0);
    expect(boardOffsetMs('2026-07-01T09:58:00', portal)).toBe(0);
  });

  it('is unknown when the board has no time, or a clock further off than any zone', () => {
    expect(boardOffsetMs(null, portal)).toBeNull();
    expect(boardOffsetMs('garbage', portal)).toBeNull();
    expect(boardOffsetMs('1970-01-01T00:00:12', portal)).toBeNull();
    expect(boardOffsetMs('2026-07-02T01:00:00', portal)).toBeNull();
    expect(boardOffsetMs('2026-07-02T00:00:00', portal)).toBe(14 * HOUR_MS);
  });

  it("places a log's local minute in UTC", () => {
    expect(localMinuteToUtc('2026-07-01 12:30', 2 * HOUR_MS).toISOString()).toBe('2026-07-01T10:30:00.000Z');
    expect(localMinuteToUtc('2026-01-01 00:15', -5 * HOUR_MS).toISOString()).toBe('2026-01-01T05:15:00.000Z');
  });
});

describe('the catch-up', () => {
  const log = parseStatisticsLog(
    [
      HEADER,
      '2026-07-01 08:00,a.gcode,1h 0m 0s,1000.0,Completata',
      '2026-07-01 09:00,0:/gcodes/b.gcode,30m 0s,500.0,Annullata',
      '2026-07-01 08:00,a.gcode,1h 0m 0s,1000.0,Completata',
    ].join('\n'),
  );

  it('names files as live jobs do, each line once, in UTC', () => {
    const jobs = jobsToRecord(log.rows, 2 * HOUR_MS, new Set());
    expect(jobs).toEqual([
      {
        local: '2026-07-01 08:00',
        finishedAt: new Date('2026-07-01T06:00:00Z'),
        fileName: '0:/gcodes/a.gcode',
        printSeconds: 3600,
        filamentMm: 1000,
        outcome: 'completed',
      },
      {
        local: '2026-07-01 09:00',
        finishedAt: new Date('2026-07-01T07:00:00Z'),
        fileName: '0:/gcodes/b.gcode',
        printSeconds: 1800,
        filamentMm: 500,
        outcome: 'cancelled',
      },
    ]);
  });

  it('records nothing again on a second reading, even in another zone (daylight saving came in between)', () => {
    const first = jobsToRecord(log.rows, 2 * HOUR_MS, new Set());
    // The database gives the board's minute back as a timestamp without zone.
    const known = new Set(first.map((job) => boardKeyOf(`${job.local.replace(' ', 'T')}:00`, job.fileName)));
    expect(jobsToRecord(log.rows, 2 * HOUR_MS, known)).toEqual([]);
    expect(jobsToRecord(log.rows, 1 * HOUR_MS, known)).toEqual([]);
  });

  it('keeps full board paths as they are', () => {
    expect(jobFilePath('0:/gcodes/x.gcode')).toBe('0:/gcodes/x.gcode');
    expect(jobFilePath('1:/jobs/x.gcode')).toBe('1:/jobs/x.gcode');
    expect(jobFilePath('/sub/x.gcode')).toBe('0:/gcodes/sub/x.gcode');
  });
});
