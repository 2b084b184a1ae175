/** Every localStorage key the client uses (specification section 3 lists them). */
export const STORAGE_KEYS = {
  token: 'token',
  videoToken: 'video_token',
  theme: 'theme',
  language: 'lang',
} as const;
