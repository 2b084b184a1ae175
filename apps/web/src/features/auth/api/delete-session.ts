import { answer, api, bearer } from '../../../lib/api/client';

/** Sent with the session's token: the server ends that session and its tokens. */
export const deleteSession = (token: string): Promise<void> =>
  answer(api.DELETE('/api/v1/auth', { headers: bearer(token) }), null);
