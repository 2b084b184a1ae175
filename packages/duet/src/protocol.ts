/**
 * What talking to a board takes, without Duet's object model package: limits, the session-key header, the query
 * codec, date format, request and answer shapes, G-code lines as the boards read them. The gateway imports only
 * this (`@portal/duet/protocol`), so it stays plain TypeScript with no Node-only API; the portal and the
 * simulator share it.
 *
 * Files: `board-request.ts`, the one board request (`BoardRequest`, a client's request read once as the board will
 * read it by `parseBoardRequest`, what it does in `BOARD_ROUTES`, written for the board by `serializeBoardTarget`;
 * docs/board-access.md §1); `query.ts`, the query codec (`encodeBoardQuery` to build a query, `parseBoardTarget`,
 * RRF's parser, which the simulator serves with); `gcode.ts`, the G-code lexer (a line read as RRF, RRF in CNC mode
 * and DSF read it, or reported ambiguous where they differ, docs/gcode.md); `dates.ts`, board dates; `rr.ts` and
 * `dsf.ts`, the `rr_*` and DSF `/machine/*` request and answer types with their `err` codes (`RR_CONNECT_ERR`,
 * `RR_ERR`), `rr_upload`'s `crc32` as the portal and the simulator read it (`readUploadCrc`), DSF's session key and
 * object-model socket parameter; `answers.ts` (the object-model keys) and
 * `connect-answers.ts` (`rr_connect`'s and `machine/connect`'s answers, which the web app's file browser reads too),
 * the zod schemas of the answers the portal and the gateway read. The main entry adds the object model
 * (`@duet3d/objectmodel`), its live fields and status letters.
 */ export * from './answers.ts';
export * from './board-request.ts';
export * from './connect-answers.ts';
export * from './dates.ts';
export * from './dsf.ts';
export * from './firmware.ts';
export * from './gcode.ts';
export * from './query.ts';
export * from './rr.ts';
