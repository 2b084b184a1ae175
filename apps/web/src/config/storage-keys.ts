/** Every localStorage key the client uses (docs/product.md §3 lists them). */
export const STORAGE_KEYS = {
  token: 'token',
  videoToken: 'video_token',
  theme: 'theme',
  language: 'lang',
  /** The control panel's show/hide webcam choice, 'true' or 'false'. */
  webcamEnabled: 'webcam_enabled',
  /** The administrators' low-latency webcam option, 'true' or 'false'. */
  webcamLowLatency: 'webcam_low_latency',
  /** 'true' once this browser subscribed to push notifications (docs/product.md §4); absent otherwise. */
  pushEnabled: 'push_enabled',
} as const;
