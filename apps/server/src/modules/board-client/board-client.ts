/**
 * The portal's client of boards and webcams through their gateway's tunnel, and the one file other modules import
 * of this folder: requests relayed with their answers streamed back (`tunnel-relay.ts`, and `relay-route.ts` for a
 * route's own request), uploads checked line by line on the way (`checked-upload.ts`), a board's object model
 * read the way Duet Web Control follows it (`board-reader.ts`), and a file of its SD card with its clock
 * (`board-file.ts`). What a board accepts and answers is packages/duet's; how a request reaches the gateway is the
 * gateway module's `TunnelRegistry`.
 */
export { readBoardFile } from './board-file.ts';
export { BoardReader } from './board-reader.ts';
export type {
  BoardFailure,
  BoardIdentity,
  BoardJob,
  BoardReading,
  BoardReadOutcome,
} from './board-reading.ts';
export { GcodeUploadCheck, relayCheckedUpload, smallBody } from './checked-upload.ts';
export { readFileThumbnail } from './file-thumbnail.ts';
export { incomingBoardRequest, portalBoardRequest } from './incoming-board-request.ts';
export {
  PORTAL_ORIGIN_PROXY_HEADERS,
  type RelayRouteOptions,
  relayRoute,
} from './relay-route.ts';
export type { TunnelGetOptions } from './tunnel-get.ts';
export {
  answerHeadOf,
  type BoardActivity,
  type BoardRequestFacts,
  gatewayError,
  type RecordedBoardChange,
  type RelayRequest,
  relay,
} from './tunnel-relay.ts';
