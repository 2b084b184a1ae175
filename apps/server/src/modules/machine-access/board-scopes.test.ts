import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBoardRequest } from '../../test/board-requests.ts';
import {
  boardPath,
  CUSTOMER_DENIED_MCODES,
  customerGcode,
  customerScope,
  type ScopeBody,
} from './board-scopes.ts';

/** The customer path's decision, after the edge's reading (which refuses what a board could read otherwise). */
const decide = (method: string, path: string, query = '', body?: ScopeBody) => {
  const request = readBoardRequest(method, path, query);
  return request ? customerScope(request, body) : EDGE_REFUSAL;
};
/** A request the edge refuses (400) before any scope reads it. */
const EDGE_REFUSAL = { allowed: false, edge: true } as const;
/** Refused, by the edge or by the scope with `answer`. */
const refusedAs = (answer: string) =>
  expect.toSatisfy(
    (decision: { allowed: boolean; answer?: string; edge?: boolean }) =>
      !decision.allowed && (decision.edge === true || decision.answer === answer),
  );
const allowed = (method: string, path: string, query = '', body?: ScopeBody) =>
  decide(method, path, query, body).allowed;
const gcode = (code: string) => allowed('GET', '/rr_gcode', `gcode=${encodeURIComponent(code)}`);
const dsfCode = (text: string) => allowed('POST', '/machine/code', '', { kind: 'code', text });
const form = (fields: Record<string, string[]>): ScopeBody => ({
  kind: 'form',
  fields: new Map(Object.entries(fields)),
});

describe('running the machine on the customer path', () => {
  it("lets DWC's polling, status and connection through on RRF and DSF", () => {
    for (const path of [
      '/rr_connect',
      '/rr_model',
      '/rr_reply',
      '/rr_status',
      '/rr_disconnect',
      '/rr_upload',
    ]) {
      expect(allowed('GET', path, 'key=state&flags=d99fn')).toBe(true);
    }
    for (const path of [
      '/machine/connect',
      '/machine/model',
      '/machine/status',
      '/machine/noop',
      '/machine',
    ]) {
      expect(allowed('GET', path)).toBe(true);
    }
    expect(allowed('GET', '/')).toBe(true);
    expect(allowed('GET', '/js/app.js.gz')).toBe(true);
  });

  it('runs motion, heaters, print control, macros and M999 after an emergency stop', () => {
    for (const code of [
      'G28',
      'G91\nG1 X10 F6000\nG90',
      'M104 S210 T0',
      'M140 S60',
      'G10 P0 S215 R170',
      'T0',
      'M106 S255',
      'M25',
      'M24',
      'M0 H1',
      'M112',
      'M999',
      'M122',
      'M290 R1 Z0.02',
      'M220 S110',
      'M303 T0 S210',
      'M98 P"0:/macros/Purge nozzle"',
      'M98 P"homeall.g"',
      'M98 P"0:/sys/tpre0.g"',
      'M32 "0:/gcodes/cube.gcode"',
      'M32 "cube.gcode"',
      'M23 "0:/gcodes/sub/part.gcode"',
      'M37 P"0:/gcodes/cube.gcode"',
      'M37',
      'M703',
      'G29',
      'G29 S1',
      'G29 S0 P"0:/sys/heightmap.csv"',
      'M557 X10:290 Y10:290 P15',
      'M30 "0:/gcodes/old.gcode"',
      'M470 P"0:/gcodes/new folder"',
      'M471 S"0:/gcodes/a.gcode" T"0:/gcodes/b.gcode" D1',
      'echo "M552 S0 is not run here"',
      'M117 "M997 in a message"',
      'M291 P"Load PLA?" S3',
      'G1 X10 ; M552 S0 is only a comment',
      'N12 G1 X10*77',
      'g28 x y',
      'if heat.heaters[0].current > 200\n  M106 S255',
      '',
    ]) {
      expect(gcode(code), code).toBe(true);
      expect(dsfCode(code), code).toBe(true);
    }
  });

  it("starts a print as the web app's file browser sends it: M32 and the quoted full path, form-encoded", () => {
    for (const path of [
      '0:/gcodes/Supporto_sensore.gcode',
      '0:/gcodes/Clienti/Rossi SRL/Coperchio quadro.gcode',
      "0:/gcodes/l''anello (v2) & co.gcode",
    ]) {
      const code = `M32 "${path}"`;
      expect(allowed('GET', '/rr_gcode', new URLSearchParams({ gcode: code }).toString()), code).toBe(true);
      expect(dsfCode(code), code).toBe(true);
    }
  });

  it('writes, moves and deletes in 0:/gcodes, 0:/macros and 0:/filaments, and DWC writes its settings', () => {
    expect(allowed('POST', '/rr_upload', 'name=0%3A%2Fgcodes%2Fcube.gcode&time=2026-1-1T10:00:00')).toBe(
      true,
    );
    expect(allowed('POST', '/rr_upload', 'name=0:/macros/Purge')).toBe(true);
    expect(allowed('POST', '/rr_upload', 'name=0:/filaments/PLA/load.g')).toBe(true);
    expect(allowed('POST', '/rr_upload', 'name=0:/sys/dwc-settings.json')).toBe(true);
    expect(allowed('GET', '/rr_delete', 'name=0:/gcodes/a.gcode')).toBe(true);
    expect(allowed('GET', '/rr_delete', 'name=0:/sys/dwc-settings.json')).toBe(true);
    expect(allowed('GET', '/rr_move', 'old=0:/gcodes/a.gcode&new=0:/macros/a&deleteexisting=yes')).toBe(true);
    expect(allowed('GET', '/rr_mkdir', 'dir=0:/filaments/PETG')).toBe(true);
    expect(allowed('PUT', '/machine/file/0%3A%2Fgcodes%2Fcube.gcode')).toBe(true);
    expect(allowed('PUT', '/machine/file/gcodes/a%2Fb.gcode')).toBe(true);
    expect(allowed('PUT', '/machine/file/0%3A%2Fsys%2Fdwc-settings.json')).toBe(true);
    expect(allowed('DELETE', '/machine/file/0%3A%2Fmacros%2Fold', 'recursive=true')).toBe(true);
    expect(allowed('PUT', '/machine/directory/0%3A%2Fgcodes%2Fnew')).toBe(true);
    const move = form({ from: ['0:/gcodes/a.gcode'], to: ['0:/gcodes/b.gcode'], force: ['true'] });
    expect(allowed('POST', '/machine/file/move', '', move)).toBe(true);
  });

  it('checks the lines of an upload into the customer folders, not DWC settings', () => {
    expect(decide('POST', '/rr_upload', 'name=0:/gcodes/a.gcode')).toEqual({
      allowed: true,
      scanUpload: true,
      answer: 'err',
    });
    expect(decide('PUT', '/machine/file/macros%2Fx')).toEqual({
      allowed: true,
      scanUpload: true,
      answer: 'forbidden',
    });
    expect(decide('POST', '/rr_upload', 'name=0:/sys/dwc-settings.json')).toMatchObject({
      scanUpload: false,
    });
  });

  it('reads every file but the G-code of 0:/sys, and lists every folder', () => {
    expect(allowed('GET', '/rr_download', 'name=0:/sys/dwc-settings.json')).toBe(true);
    expect(allowed('GET', '/rr_download', 'name=0:/sys/Statistiche/statistiche_v1.csv')).toBe(true);
    expect(allowed('GET', '/rr_download', 'name=0:/sys/heightmap.csv')).toBe(true);
    expect(allowed('GET', '/rr_download', 'name=0:/gcodes/cube.gcode')).toBe(true);
    expect(allowed('GET', '/rr_filelist', 'dir=0:/sys')).toBe(true);
    expect(allowed('GET', '/rr_fileinfo', 'name=0:/sys/config.g')).toBe(true);
    expect(allowed('GET', '/machine/file/0%3A%2Fsys%2Fdwc-settings.json')).toBe(true);
    expect(allowed('GET', '/machine/directory/0%3A%2Fsys')).toBe(true);
    expect(decide('GET', '/rr_download', 'name=0:/sys/config.g')).toMatchObject({ answer: 'missing' });
    expect(decide('GET', '/rr_thumbnail', 'name=0:/sys/config.g&offset=1')).toMatchObject({ answer: 'err' });
    expect(decide('GET', '/machine/file/0%3A%2Fsys%2Fconfig.g')).toMatchObject({ answer: 'forbidden' });
    expect(allowed('GET', '/rr_download', 'name=0:/sys/homeall.g')).toBe(false);
  });
});

describe('re-programming the board is refused on the customer path', () => {
  it('refuses firmware, network, identity, configuration and hardware codes in any spelling', () => {
    for (const code of [
      'M997',
      'M997 S0:1',
      'M552 S0',
      'm552 s0',
      'M0552 S0',
      'M 552 S0',
      'M552.1',
      'N10 M552 S0*91',
      'G1 X10 M552 S0',
      'G91 G1 X1\nM552 S0',
      'M553 P255.255.0.0',
      'M554 P192.168.1.1',
      'M586 P0 S0',
      'M587 S"wifi" P"secret"',
      'M588 S"*"',
      'M589 S"ap" P"secret"',
      'M540 PBE:EF:DE:AD:FE:ED',
      'M550 P"renamed"',
      'M551 P"locked"',
      'M555 P2',
      'M500',
      'M501',
      'M502',
      'M503',
      'M505 P"0:/macros/sys"',
      'M911 S21 R23 P"M552 S0"',
      'M929 P"0:/sys/config.g" S1',
      'M28 "0:/macros/x.g"',
      'M29',
      'M560 P"0:/www/index.html"',
      'M559 P"0:/sys/config.g"',
      'M143 H1 S400',
      'M570 H1 P999',
      'M950 H1 C"out1" T1',
      'M584 X0 Y1',
      'M752 S"scan"',
      '(M552 S0)',
      'M117 hello M552 S0',
    ]) {
      expect(gcode(code), code).toBe(false);
      expect(dsfCode(code), code).toBe(false);
    }
  });

  it('reads `"` and `;` inside a bracket comment as the boards do, and a bare CR as ambiguous', () => {
    for (const code of [
      '(") M997 (")',
      '(;) M997',
      '(;)M552 S0',
      '(") M98 P"0:/sys/config.g" (")',
      'M9\r97',
      'G28\rM552 S0',
      '(x)echo >"0:/sys/config.g" "M552 S0"',
      'echo (x)>"0:/sys/config.g"',
      'if (a) ;\rM997',
    ]) {
      expect(customerGcode(code), JSON.stringify(code)).toMatchObject({ allowed: false });
      expect(gcode(code), JSON.stringify(code)).toBe(false);
      expect(dsfCode(code), JSON.stringify(code)).toBe(false);
    }
    // RRF in CNC mode strips `(x)`: the echo then writes a file, so every reading is checked.
    expect(customerGcode('echo (x) >"0:/sys/config.g"')).toMatchObject({ allowed: false });
    for (const code of ['G28\r\nG1 X10\r\n', 'if !(move.axes[0].homed)\r\n  G28', 'M117 "("") M997 ("")"']) {
      expect(customerGcode(code), JSON.stringify(code)).toEqual({ allowed: true });
    }
  });

  it('refuses running, writing or deleting files outside the allowed folders', () => {
    for (const code of [
      'M98 P"0:/sys/config.g"',
      'M98 P"config.g"',
      'M98 P"CONFIG.G"',
      'M98 P"config.g."',
      'M98 P"0:/sys/config-override.g"',
      'M98 P"0:/sys/CONFIG~1.G"',
      'M98 P"0:/gcodes/../sys/config.g"',
      'M98 P"0:/sys/dwc-settings.json"',
      'M98 P"0:/sys/dwc-settings.json.part"',
      'M98 P{"0:/sys/" ^ "config.g"}',
      'M98 Pconfig.g',
      'M98 P0:/macros/aG1/../../sys/config.g',
      'M98 (P"0:/macros/ok") P"0:/sys/config.g"',
      'M98 P"1:/macros/x"',
      'M98 P"/sys/config.g"',
      'M32 "0:/sys/config.g"',
      'M32 0:/gcodes/a.gcode',
      'M32 "0:/gcodes/a.gcode" "0:/sys/config.g"',
      'M23 "0:/www/index.html"',
      'M37 P"0:/sys/config.g"',
      'M30 "0:/sys/config.g"',
      'M30 "relative.gcode"',
      'M30 "0:/gcodes"',
      'M470 P"0:/sys/new"',
      'M471 S"0:/gcodes/a.g" T"0:/sys/config.g" D1',
      'M471 S"0:/sys/config.g" T"0:/gcodes/a.g"',
      'M472 P"0:/www"',
      'G29 S0 P"config.g"',
      'G29 S3 P"0:/sys/Statistiche/statistiche_v1.csv"',
      'M374 P"0:/www/index.html"',
      'echo >"0:/sys/config.g" "M552 S0"',
      'echo >>"0:/macros/x.g" "M552 S0"',
      'echo fileread("0:/sys/config.g", 0, ",", 1)',
      'M{552} S0',
      'M32 "unterminated',
    ]) {
      expect(gcode(code), code).toBe(false);
      expect(dsfCode(code), code).toBe(false);
    }
  });

  it('refuses writes, moves and deletes outside the allowed folders on RRF with {"err":1}', () => {
    for (const [path, query] of [
      ['/rr_delete', 'name=0:/sys/config.g'],
      ['/rr_delete', 'name=0:/gcodes'],
      ['/rr_delete', 'name=0:/gcodes/../sys/config.g'],
      ['/rr_delete', 'name=0:/gcodes/%2E%2E/sys/config.g'],
      ['/rr_delete', 'name=/sys/config.g'],
      ['/rr_delete', 'name=sys/config.g'],
      ['/rr_delete', 'name=1:/gcodes/a.gcode'],
      ['/rr_delete', 'name=0:/gcodes\\..\\sys\\config.g'],
      ['/rr_delete', 'name=0:/SYS/config.g'],
      ['/rr_delete', 'name=0:/sys./config.g'],
      ['/rr_delete', 'name=0:/gcodes/.. /sys/config.g'],
      ['/rr_delete', 'name=0:/gcodes/%252E%252E/sys/config.g'],
      ['/rr_delete', ''],
      ['/rr_move', 'old=0:/sys/config.g&new=0:/gcodes/config.g'],
      ['/rr_move', 'old=0:/gcodes/x.g&new=0:/sys/config.g&deleteexisting=yes'],
      ['/rr_move', 'old=0:/sys/dwc-settings.json&new=0:/macros/x'],
      ['/rr_mkdir', 'dir=0:/www/x'],
      ['/rr_mkdir', 'dir=0:/firmware'],
      ['/rr_gcode', 'gcode=M552+S0'],
      ['/rr_gcode', 'GCODE=M552%20S0'],
      ['/rr_gcode', 'gcode=M552%20S0%0AG28'],
      ['/rr_gcode', 'gcode=G28&gcode=M552+S0'],
      ['/rr_gcode', 'gcode=G28&Gcode=M552+S0'],
    ]) {
      expect(decide('GET', path as string, query), `${path}?${query}`).toEqual(refusedAs('err'));
    }
    for (const name of [
      '0:/sys/config.g',
      '0:/www/index.html',
      '0:/firmware/Duet3Firmware_MB6HC.bin',
      '0:/x.g',
    ]) {
      expect(decide('POST', '/rr_upload', `name=${name}`)).toMatchObject({ allowed: false, answer: 'err' });
    }
  });

  it('refuses writes, moves and deletes outside the allowed folders on DSF with 403', () => {
    for (const [method, path, query] of [
      ['PUT', '/machine/file/0%3A%2Fsys%2Fconfig.g', ''],
      ['PUT', '/machine/file/sys/config.g', ''],
      ['PUT', '/machine/file/0:/www/index.html', ''],
      ['PUT', '/machine/file/gcodes%2F%252E%252E%2Fsys%2Fconfig.g', ''],
      ['PUT', '/machine/file/%2Fetc%2Fpasswd', ''],
      ['PUT', '/MACHINE/FILE/sys/config.g', ''],
      ['PUT', '/machine//file/sys/config.g', ''],
      ['PUT', '/machine/file/gcodes/..+/sys/config.g', ''],
      ['DELETE', '/machine/file/0%3A%2Fsys%2Fconfig.g', ''],
      ['DELETE', '/machine/file/0%3A%2Fmacros', 'recursive=true'],
      ['PUT', '/machine/directory/0%3A%2Fsys%2Fx', ''],
      ['GET', '/machine/file/%2Fetc%2Fshadow', ''],
      ['PUT', '/machine/plugin', ''],
      ['POST', '/machine/startPlugin', ''],
      ['PUT', '/machine/systemPackage', ''],
      ['GET', '/machine/custom-plugin-endpoint', ''],
      ['GET', '/machine/../rr_gcode', 'gcode=M552+S0'],
      ['GET', '/foo/%2E%2E/rr_gcode', 'gcode=M552+S0'],
      ['POST', '/index.html', ''],
      ['GET', '/rr_unknown', ''],
    ]) {
      expect(decide(method as string, path as string, query), `${method} ${path}`).toEqual(
        refusedAs('forbidden'),
      );
    }
    const moves: Record<string, string[]>[] = [
      { from: ['0:/sys/config.g'], to: ['0:/gcodes/x'] },
      { from: ['0:/gcodes/x'], to: ['0:/sys/config.g'] },
      { from: ['0:/gcodes/x', '0:/gcodes/y'], to: ['0:/gcodes/z'] },
      { from: ['0:/gcodes/x'] },
    ];
    for (const fields of moves) {
      expect(allowed('POST', '/machine/file/move', '', form(fields))).toBe(false);
    }
  });

  it('reads the request path as the board routes it', () => {
    expect(allowed('GET', '/rr_gcod%65', 'gcode=M552+S0')).toBe(false);
    expect(allowed('GET', '/RR_GCODE', 'gcode=M552+S0')).toBe(false);
    expect(allowed('GET', '//rr_gcode/', 'gcode=M552+S0')).toBe(false);
    expect(allowed('POST', '/machine/code/', '', { kind: 'code', text: 'M552 S0' })).toBe(false);
    expect(allowed('GET', '/rr_gcode%3Fgcode=M552', '')).toBe(false);
  });

  it('denies whole families, so no variant of a denied code passes', () => {
    for (const number of CUSTOMER_DENIED_MCODES.keys()) {
      expect(customerGcode(`M${number}`).allowed, `M${number}`).toBe(false);
    }
  });
});

describe('board names', () => {
  it('reads paths the way FatFs opens them', () => {
    expect(boardPath('0:/gcodes/sub/x.gcode')).toEqual({ drive: 0, segments: ['gcodes', 'sub', 'x.gcode'] });
    expect(boardPath('0:gcodes//x.gcode ')).toEqual({ drive: 0, segments: ['gcodes', 'x.gcode'] });
    expect(boardPath('homeall.g', { drive: 0, segments: ['sys'] })).toEqual({
      drive: 0,
      segments: ['sys', 'homeall.g'],
    });
    expect(boardPath('/gcodes/x')).toBeNull();
    expect(boardPath('/gcodes/x', undefined, { rootSlash: true })).toEqual({
      drive: 0,
      segments: ['gcodes', 'x'],
    });
    for (const bad of [
      '0:/gcodes/..',
      '0:/gcodes/.',
      '0:/a\\b',
      '0:/a/%41',
      '0:/CONFIG~1.G',
      '0:/a:b',
      '0:/a\nb',
    ]) {
      expect(boardPath(bad), bad).toBeNull();
    }
  });
});

/** Ways a client can spell one name: case, escapes (either hex case), `+`-free spaces, drive-less, dotted. */
const spellings = (name: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }),
      fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }),
      fc.boolean(),
    )
    .map(([upper, escaped, lowHex]) =>
      [...name]
        .map((char, index) => {
          const cased = upper[index] ? char.toUpperCase() : char;
          if (!escaped[index]) return encodeURIComponent(cased);
          const hex = cased.charCodeAt(0).toString(16).padStart(2, '0');
          return `%${lowHex ? hex.toLowerCase() : hex.toUpperCase()}`;
        })
        .join(''),
    );

const PROTECTED = [
  '0:/sys/config.g',
  '0:/sys/../sys/config.g',
  '0:/gcodes/../sys/config.g',
  '0:/gcodes/./../sys/config.g',
  '0:/sys./config.g',
  '0:/sys/config.g.',
  '0:/sys/ config.g',
  '0:/www/index.html',
  '0:/gcodes/../www/index.html',
  '0:/firmware/Duet3Firmware_MB6HC.bin',
  '/sys/config.g',
  'sys/config.g',
  'www/index.html',
  '1:/gcodes/x.gcode',
  '0:/macros\\..\\sys\\config.g',
];

describe('encodings (fast-check)', () => {
  it('never lets any spelling of a protected name be written, deleted or moved', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROTECTED).chain(spellings), (encoded) => {
        expect(allowed('POST', '/rr_upload', `name=${encoded}`)).toBe(false);
        expect(allowed('GET', '/rr_delete', `name=${encoded}`)).toBe(false);
        expect(allowed('GET', '/rr_move', `old=0:/gcodes/a&new=${encoded}`)).toBe(false);
        expect(allowed('PUT', `/machine/file/${encoded}`)).toBe(false);
        expect(allowed('DELETE', `/machine/file/${encoded}`)).toBe(false);
      }),
    );
  });

  it('never lets any spelling of config.g be read or run', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0:/sys/config.g', '0:/gcodes/../sys/config.g', '0:/sys/config.g.').chain(spellings),
        (encoded) => {
          expect(allowed('GET', '/rr_download', `name=${encoded}`)).toBe(false);
          expect(allowed('GET', `/machine/file/${encoded}`)).toBe(false);
          expect(allowed('GET', '/rr_gcode', `gcode=M98%20P%22${encoded}%22`)).toBe(false);
        },
      ),
    );
  });

  it('refuses a denied code wherever it sits in a line of allowed ones', () => {
    const allowedLine = fc.constantFrom('G1 X10', 'G28', 'M106 S255', 'T0', 'M400', 'G4 P100');
    const denied = fc
      .constantFrom(...CUSTOMER_DENIED_MCODES.keys())
      .chain((number) =>
        fc
          .tuple(
            fc.constantFrom('M', 'm'),
            fc.constantFrom('', ' ', '0', '00'),
            fc.constantFrom('', ' S0', ' P"x"'),
          )
          .map(([letter, gap, params]) => `${letter}${gap}${number}${params}`),
      );
    fc.assert(
      fc.property(
        fc.array(allowedLine, { maxLength: 3 }),
        denied,
        fc.array(allowedLine, { maxLength: 3 }),
        fc.constantFrom(' ', '\n', '\r\n'),
        (before, code, after, join) => {
          const text = [...before, code, ...after].join(join);
          expect(customerGcode(text).allowed).toBe(false);
          expect(gcode(text)).toBe(false);
        },
      ),
    );
  });

  it('lets every spelling of a file in the customer folders be written', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom('0:/gcodes/a.gcode', '0:/macros/sub/Purge', '0:/filaments/PLA/load.g')
          .chain(spellings),
        (encoded) => {
          expect(allowed('POST', '/rr_upload', `name=${encoded}`)).toBe(true);
          expect(allowed('PUT', `/machine/file/${encoded}`)).toBe(true);
        },
      ),
    );
  });
});
