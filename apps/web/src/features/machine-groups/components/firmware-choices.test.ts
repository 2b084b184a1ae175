import { describe, expect, it } from 'vitest';
import { firmwareChoices } from './firmware-choices';

describe('firmwareChoices', () => {
  it('offers Unknown for 0 and every known version as N.x with its exact number', () => {
    expect(firmwareChoices('Sconosciuto')).toEqual([
      { id: 0, label: 'Sconosciuto' },
      { id: 3.4, label: '3.x (3.4)' },
      { id: 3.5, label: '3.x (3.5)' },
      { id: 3.6, label: '3.x (3.6)' },
    ]);
  });
});
