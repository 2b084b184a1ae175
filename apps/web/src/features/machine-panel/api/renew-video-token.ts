import { videoTokenResponseSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { storeVideoToken } from '../../../lib/session-store';

/** A fresh webcam token, kept with the session. */
export async function renewVideoToken(): Promise<string> {
  const { video_token } = await answer(api.POST('/api/v1/auth/video-token'), videoTokenResponseSchema);
  storeVideoToken(video_token);
  return video_token;
}

/** Silent: the webcam hook retries on its own schedule, and a lost session is handled globally. */
export function useRenewVideoToken() {
  return useMutation({ mutationFn: renewVideoToken, meta: { silent: true } });
}
