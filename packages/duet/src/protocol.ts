/**
 * What talking to a board takes, without Duet's object model package: limits, the session-key header, the query
 * codec, date format, request and answer shapes, G-code lines as the boards read them. The gateway imports only
 * this (`@portal/duet/protocol`), so it stays plain TypeScript with no Node-only API; the portal and the
 * simulator share it.
 */
export * from './answers.ts';
export * from './board-request.ts';
export * from './connect-answers.ts';
export * from './dates.ts';
export * from './dsf.ts';
export * from './firmware.ts';
export * from './gcode.ts';
export * from './query.ts';
export * from './rr.ts';
