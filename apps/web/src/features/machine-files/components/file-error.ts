import type { MachinePathName } from '@portal/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n';
import { BoardRefusedError, BoardReplyError } from '../api/board-target';

export interface FileErrorContext {
  /** The error of rr_filelist, whose err 1 and 2 have fixed meanings. */
  listing?: boolean;
  /** Which path the call went by: the customer path's refusals say what it allows. */
  path?: MachinePathName;
}

/**
 * The refusal of a change by outside staff without an open service session on a business that requires consent
 * (docs/design.md §11): the page offers the request for one rather than only an error.
 */
export const isConsentRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'SERVICE_SESSION_REQUIRED';

/**
 * Why a board call failed, in words: the portal's own codes (gateway or board offline, time-out…), a board's
 * `{"err":N}` refusal, its error reply to a G-code, its bare 503 (out of buffers), or no answer at all.
 */
export function describeFileError(
  error: unknown,
  t: TFunction,
  { listing = false, path }: FileErrorContext = {},
): string {
  if (error instanceof BoardRefusedError) {
    // rr_filelist's err 1 and 2 have fixed meanings (docs/duet-http.md §1.3); other calls only say "failed".
    if (listing && error.err === 1) return t('files.errors.noDrive');
    if (listing && error.err === 2) return t('files.errors.noFolder');
    // The portal refuses what the customer path's scope leaves out in the board's own form, err 1
    // (docs/board-access.md §3): name what the scope allows rather than a number.
    if (path === 'customer' && error.err === 1) return t('files.errors.customerRefused');
    return t('files.errors.refused', { code: error.err });
  }
  if (error instanceof BoardReplyError) return t('files.errors.boardSaid', { reply: error.reply });
  if (error instanceof ApiError) {
    const translated = error.code ? translateErrorCode(error.code) : undefined;
    if (translated) return translated;
    if (error.status === 503) return t('files.errors.busy');
    return t('files.errors.refused', { code: error.status });
  }
  if (error instanceof TypeError) return t('files.errors.network');
  return t('files.errors.unknown');
}
