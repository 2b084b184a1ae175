import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from './storage';

/** A flag stored as the string 'true' or 'false'; anything else (nothing stored) is the fallback. */
export function parseFlag(text: string | null, fallback: boolean): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return fallback;
}

/** A yes/no preference kept in localStorage as a string flag, read once and written on every change. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => parseFlag(readStorage(key), fallback));
  const update = useCallback(
    (next: boolean) => {
      writeStorage(key, String(next));
      setValue(next);
    },
    [key],
  );
  return [value, update];
}
