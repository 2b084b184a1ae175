import { TOAST_DEFAULT_DELAY_MS } from '@portal/contract';

/** Bootstrap contextual variants: the toast types of docs/product.md §3. */
export type ToastType =
  | 'primary'
  | 'secondary'
  | 'success'
  | 'danger'
  | 'warning'
  | 'info'
  | 'light'
  | 'dark';

/** A toast as docs/product.md §3 defines it. */
export interface Toast {
  id: string;
  header: string;
  body: string;
  type: ToastType;
  autohide: boolean;
  /** Milliseconds before an auto-hiding toast goes away. */
  delay: number;
  /** A way onward from what the toast reports (the machine a print went to), inside the portal. */
  link?: { href: string; label: string };
}

/** What callers give: everything but the body has a default. */
export type ToastInput = Partial<Omit<Toast, 'id'>> & Pick<Toast, 'body'>;

/** The delay defaults to 5000 ms, and a negative (or unusable) delay resets to it. */
export function normalizeDelay(delay: number | undefined): number {
  if (delay === undefined || !Number.isFinite(delay) || delay < 0) return TOAST_DEFAULT_DELAY_MS;
  return delay;
}

export function createToast(id: string, input: ToastInput): Toast {
  return {
    id,
    header: input.header ?? '',
    body: input.body,
    type: input.type ?? 'info',
    autohide: input.autohide ?? true,
    delay: normalizeDelay(input.delay),
    ...(input.link ? { link: input.link } : {}),
  };
}

/**
 * The toast already on screen that says the same as `toast` (type, header and body), if any: the same message
 * twice at once (two calls failing alike, a retried action) is shown once.
 */
export const sameToastShown = (shown: readonly Toast[], toast: Toast): Toast | undefined =>
  shown.find(
    (other) => other.type === toast.type && other.header === toast.header && other.body === toast.body,
  );
