import type { Language } from '@portal/contract';
import { STORAGE_KEYS } from '../config/storage-keys';
import { preferredLanguage } from './language';
import { readStorage } from './storage';

/** The language for a path without prefix: the stored choice, else the browser's, else Italian. */
export function detectLanguage(): Language {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return preferredLanguage(readStorage(STORAGE_KEYS.language), browser);
}
