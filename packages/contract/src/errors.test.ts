import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes.ts';
import { ERROR_CATALOG, errorCodesWithStatus, genericErrorCode } from './errors.ts';

describe('the error catalog', () => {
  it('gives the framework answers of each status a code of that status', () => {
    expect(genericErrorCode(400)).toBe('BAD_REQUEST');
    expect(genericErrorCode(404)).toBe('NOT_FOUND');
    expect(genericErrorCode(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(genericErrorCode(418)).toBe('BAD_REQUEST');
    expect(genericErrorCode(501)).toBe('INTERNAL_ERROR');
  });

  it('lists the codes of a status in catalog order', () => {
    expect(errorCodesWithStatus(401)).toEqual([
      'UNAUTHENTICATED',
      'SESSION_EXPIRED',
      'SESSION_ENDED',
      'INVALID_CREDENTIALS',
    ]);
  });

  it('has an error status and a message for every code', () => {
    for (const { status, message } of Object.values(ERROR_CATALOG)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(message).not.toBe('');
    }
  });

  it('names exactly the listed codes, in their order', () => {
    expect(Object.keys(ERROR_CATALOG)).toEqual([...ERROR_CODES]);
  });

  it('recognises a listed code and nothing else', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
