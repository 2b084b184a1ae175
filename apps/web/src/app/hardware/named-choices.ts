import { useMemo } from 'react';
import type { Choice } from '../../lib/choices';

/** Something with an id and a name: a business, a type of a catalogue. */
interface Named {
  id: number;
  name: string;
}

export interface NamedChoices {
  /** Undefined while the list loads. */
  choices: Choice[] | undefined;
  /** The name of an id; undefined while loading or for an id the list does not hold. */
  nameOf: (id: number) => string | undefined;
}

/** A list of named records as the choices of a select and as a name lookup for the ids tables show. */
export function useNamedChoices(entries: readonly Named[] | undefined): NamedChoices {
  return useMemo(() => {
    const names = new Map(entries?.map((entry) => [entry.id, entry.name]));
    return {
      choices: entries?.map((entry) => ({ id: entry.id, label: entry.name })),
      nameOf: (id: number) => names.get(id),
    };
  }, [entries]);
}
