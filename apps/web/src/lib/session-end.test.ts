import { describe, expect, it } from 'vitest';
import { ApiError, SessionExpiredError } from './api-client';
import { sessionEndReasonOf } from './session-end';

const answer = (status: number, code?: string) =>
  new ApiError(status, { statusCode: status, error: 'x', code, message: 'x' });

describe('sessionEndReasonOf', () => {
  it('ends the session when the client finds its token expired', () => {
    expect(sessionEndReasonOf(new SessionExpiredError(), false)).toBe('SESSION_EXPIRED');
  });

  it('ends the session on every 401, naming expiry and ending when the server does', () => {
    expect(sessionEndReasonOf(answer(401, 'SESSION_EXPIRED'), false)).toBe('SESSION_EXPIRED');
    expect(sessionEndReasonOf(answer(401, 'SESSION_ENDED'), false)).toBe('SESSION_ENDED');
    expect(sessionEndReasonOf(answer(401, 'UNAUTHENTICATED'), false)).toBe('UNAUTHENTICATED');
    expect(sessionEndReasonOf(answer(401), false)).toBe('UNAUTHENTICATED');
    expect(sessionEndReasonOf(new ApiError(401, 'Unauthorized'), false)).toBe('UNAUTHENTICATED');
  });

  it('ends the session of a disabled account or a suspended business', () => {
    expect(sessionEndReasonOf(answer(403, 'ACCOUNT_DISABLED'), false)).toBe('ACCOUNT_DISABLED');
    expect(sessionEndReasonOf(answer(403, 'BUSINESS_SUSPENDED'), false)).toBe('BUSINESS_SUSPENDED');
  });

  it('keeps the session for a plain refusal or any other error', () => {
    expect(sessionEndReasonOf(answer(403, 'FORBIDDEN'), false)).toBeNull();
    expect(sessionEndReasonOf(answer(404, 'NOT_FOUND'), false)).toBeNull();
    expect(sessionEndReasonOf(answer(500, 'INTERNAL_ERROR'), false)).toBeNull();
    expect(sessionEndReasonOf(new TypeError('Failed to fetch'), false)).toBeNull();
  });

  it('never ends the session for a refused login', () => {
    expect(sessionEndReasonOf(answer(401, 'INVALID_CREDENTIALS'), true)).toBeNull();
    expect(sessionEndReasonOf(answer(403, 'ACCOUNT_DISABLED'), true)).toBeNull();
  });
});
