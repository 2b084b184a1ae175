import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n';
import { BoardRefusedError, BoardReplyError } from '../api/board-target';

/**
 * Why a board call failed, in words: the portal's own codes (gateway or board offline, time-out…), a board's
 * `{"err":N}` refusal, its error reply to a G-code, its bare 503 (out of buffers), or no answer at all.
 */
export function describeFileError(error: unknown, t: TFunction, { listing = false } = {}): string {
  if (error instanceof BoardRefusedError) {
    // rr_filelist's err 1 and 2 have fixed meanings (docs/duet-http.md §1.3); other calls only say "failed".
    if (listing && error.err === 1) return t('files.errors.noDrive');
    if (listing && error.err === 2) return t('files.errors.noFolder');
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
