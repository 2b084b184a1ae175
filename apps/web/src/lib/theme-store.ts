import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/storage-keys';
import { readStorage, writeStorage } from './storage';
import { resolveTheme, type Theme } from './theme';

const listeners = new Set<() => void>();

/** The theme is the `data-bs-theme` attribute of <html>; Bootstrap's colour modes read it from there. */
function readTheme(): Theme {
  return document.documentElement.dataset.bsTheme === 'light' ? 'light' : 'dark';
}

/** Applies the stored theme; called before the first render so the page never flashes the wrong mode. */
export function applyStoredTheme(): void {
  document.documentElement.dataset.bsTheme = resolveTheme(readStorage(STORAGE_KEYS.theme));
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
