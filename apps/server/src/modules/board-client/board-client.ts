/**
 * The portal's client of boards and webcams through their gateway's tunnel, and the one file other modules import
 * of this folder: requests relayed with their answers streamed back (`tunnel-relay.ts`: one request through a
 * controller's tunnel, its answer head awaited and the gateway's own answers turned into the portal's errors;
 * `relay-route.ts` for a route's own request, with the portal origin's sandbox headers), a client's board request
 * read once from the raw target where it enters (`incoming-board-request.ts`, docs/board-access.md §1), uploads
 * checked line by line on the way as the customer path's console is (`checked-upload.ts`), a board's object model
 * read the way Duet Web Control follows it and validated with packages/duet's answer schemas (`board-reader.ts`
 * with `tunnel-get.ts` and `board-reading.ts`), and a file of its SD card with its clock, for the maintenance
 * catch-up (`board-file.ts`). Used by the machine proxy, the webcam relay, slicer access, live status and
 * maintenance. What a board accepts and answers is packages/duet's; how a request reaches the gateway is the
 * gateway module's `TunnelRegistry`.
 */ export { readBoardFile } from './board-file.ts';
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
export { type TunnelGetOptions, tunnelGet } from './tunnel-get.ts';
export {
  answerHeadOf,
  type BoardActivity,
  type BoardRequestFacts,
  gatewayError,
  type RecordedBoardChange,
  type RelayRequest,
  relay,
} from './tunnel-relay.ts';
