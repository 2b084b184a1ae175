import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/storage-keys';
import { writeStorage } from './storage';

/** Bootstrap colour modes offered by the theme switch. */
export type Theme = 'dark' | 'light';

const listeners = new Set<() => void>();

/**
 * The theme is the `data-bs-theme` attribute of <html>; Bootstrap's colour modes read it from there.
 * public/theme-init.js sets it from storage before the first paint.
 */
function readTheme(): Theme {
  return document.documentElement.dataset.bsTheme === 'light' ? 'light' : 'dark';
}

export function setTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  document.documentElement.dataset.bsTheme = theme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme);
}
