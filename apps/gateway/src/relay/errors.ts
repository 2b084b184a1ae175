/** Why a request never got an answer from the board or webcam; each maps to one answer of the gateway's own. */

/** The board or webcam refused the connection, or dropped it before answering. */
export class UpstreamUnreachableError extends Error {
  override readonly name = 'UpstreamUnreachableError';
}

/** The board or webcam accepted the connection but stayed silent too long. */
export class UpstreamTimeoutError extends Error {
  override readonly name = 'UpstreamTimeoutError';
}

/** Too many requests already wait for this board: the new one is refused rather than queued without bound. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

/** The request's deadline passed while it waited for a board slot: it must never be sent late. */
export class DeadlinePassedError extends Error {
  override readonly name = 'DeadlinePassedError';
}
