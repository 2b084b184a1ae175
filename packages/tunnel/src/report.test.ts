import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  type GatewayReport,
  gatewayReportSchema,
  MAX_REPORT_BYTES,
  readReports,
  reportLine,
} from './report.ts';

const REPORT: GatewayReport = {
  version: '1.2.3',
  uptimeSeconds: 3600,
  board: {
    reachable: true,
    firmware: { name: 'RepRapFirmware', version: '3.5.2', dsfVersion: '3.5.2' },
    latencyMs: 12.5,
  },
};

async function readAll(chunks: (string | Buffer)[]) {
  const stream = new PassThrough();
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  const readings = [];
  for await (const reading of readReports(stream)) readings.push(reading);
  return readings;
}

describe('the gateway report', () => {
  it('accepts what a gateway sends, and a board not known yet', () => {
    expect(gatewayReportSchema.parse(REPORT)).toEqual(REPORT);
    const early = { ...REPORT, board: { reachable: false, firmware: null, latencyMs: null } };
    expect(gatewayReportSchema.parse(early)).toEqual(early);
    expect(gatewayReportSchema.parse({ ...REPORT, version: '2.0.0-beta.1+build.7' }).version).toBe(
      '2.0.0-beta.1+build.7',
    );
  });

  it('drops fields a newer gateway adds', () => {
    expect(gatewayReportSchema.parse({ ...REPORT, memoryBytes: 1 })).toEqual(REPORT);
  });

  it.each([
    ['a version that is not semver', { ...REPORT, version: 'v1' }],
    ['a version with a leading zero', { ...REPORT, version: '01.2.3' }],
    ['a negative uptime', { ...REPORT, uptimeSeconds: -1 }],
    ['a fractional uptime', { ...REPORT, uptimeSeconds: 1.5 }],
    ['a negative latency', { ...REPORT, board: { ...REPORT.board, latencyMs: -1 } }],
    [
      'an empty firmware name',
      { ...REPORT, board: { ...REPORT.board, firmware: { name: ' ', version: '3.5', dsfVersion: null } } },
    ],
    [
      'an overlong firmware version',
      {
        ...REPORT,
        board: { ...REPORT.board, firmware: { name: 'RRF', version: 'x'.repeat(65), dsfVersion: null } },
      },
    ],
    ['no board', { version: '1.0.0', uptimeSeconds: 1 }],
  ])('refuses %s', (_name, value) => {
    expect(gatewayReportSchema.safeParse(value).success).toBe(false);
  });
});

describe('reading the report stream', () => {
  it('reads each line as it completes, across chunk borders', async () => {
    const line = reportLine(REPORT);
    const later = reportLine({ ...REPORT, uptimeSeconds: 3660 });
    const readings = await readAll([line.slice(0, 10), line.slice(10) + later.slice(0, 5), later.slice(5)]);
    expect(readings).toEqual([
      { ok: true, report: REPORT },
      { ok: true, report: { ...REPORT, uptimeSeconds: 3660 } },
    ]);
  });

  it('says which field of a line is wrong, and what is not JSON', async () => {
    const readings = await readAll(['{"version":"1.0.0","uptimeSeconds":-4,"board":{}}\n', 'hello\n']);
    expect(readings).toEqual([
      { ok: false, reason: expect.stringMatching(/^report field uptimeSeconds: /) },
      { ok: false, reason: 'a report line is not JSON' },
    ]);
  });

  it('stops at a line longer than a report can be', async () => {
    const readings = await readAll([
      reportLine(REPORT),
      'x'.repeat(MAX_REPORT_BYTES + 1),
      reportLine(REPORT),
    ]);
    expect(readings).toEqual([
      { ok: true, report: REPORT },
      { ok: false, reason: `a report line is longer than ${MAX_REPORT_BYTES} bytes` },
    ]);
  });
});
