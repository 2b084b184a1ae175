import { useSyncExternalStore } from 'react';
import { createToast, sameToastShown, type Toast, type ToastInput } from './toast-rules';

// One store for the whole page so that non-React code (the query cache) can raise toasts too.
let toasts: readonly Toast[] = [];
// A counter, not crypto.randomUUID(): that only exists in secure contexts and the portal may run on plain http.
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast and returns its id; a message already on screen is not shown a second time (its id is returned). */
export function showToast(input: ToastInput): string {
  const toast = createToast(`toast-${nextId++}`, input);
  const shown = sameToastShown(toasts, toast);
  if (shown) return shown.id;
  update([...toasts, toast]);
  return toast.id;
}

export function removeToast(id: string): void {
  if (toasts.some((toast) => toast.id === id)) update(toasts.filter((toast) => toast.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToasts = (): readonly Toast[] => toasts;

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts);
}
