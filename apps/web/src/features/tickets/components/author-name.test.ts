import { describe, expect, it } from 'vitest';
import { authorName } from './author-name';
import { machineLabel } from './machine-label';

const authors = [
  { id: 1, name: 'Carlo', surname: 'Cliente' },
  { id: 2, name: 'Paolo', surname: '' },
];

describe('authorName', () => {
  it('names a known author with the surname when there is one', () => {
    expect(authorName(authors, 1)).toBe('Carlo Cliente');
    expect(authorName(authors, 2)).toBe('Paolo');
  });

  it('has no name for a deleted or unknown author', () => {
    expect(authorName(authors, null)).toBeNull();
    expect(authorName(authors, 3)).toBeNull();
    expect(authorName(undefined, 1)).toBeNull();
  });
});

describe('machineLabel', () => {
  it('shows the machine with its location, or nothing once it is gone', () => {
    expect(machineLabel({ machineName: 'Prusa', machineLocation: 'Lab' })).toBe('Prusa (Lab)');
    expect(machineLabel({ machineName: 'Prusa', machineLocation: '' })).toBe('Prusa');
    expect(machineLabel({ machineName: null, machineLocation: null })).toBeNull();
  });
});
