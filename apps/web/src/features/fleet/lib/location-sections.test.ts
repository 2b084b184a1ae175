import { describe, expect, it } from 'vitest';
import { sectionsByLocation } from './location-sections';

const group = (name: string, location: string) => ({ name, location });

describe('sectionsByLocation', () => {
  it('puts each location in one section, locations and names in alphabetical order', () => {
    const sections = sectionsByLocation(
      [
        group('Prusa 2', 'Reparto stampa'),
        group('Voron', 'Laboratorio'),
        group('Prusa 10', 'Reparto stampa'),
        group('Modix', 'Magazzino'),
        group('Prusa 1', 'Reparto stampa'),
      ],
      'it',
    );
    expect(sections.map((section) => section.location)).toEqual([
      'Laboratorio',
      'Magazzino',
      'Reparto stampa',
    ]);
    expect(sections[2]?.groups.map((item) => item.name)).toEqual(['Prusa 1', 'Prusa 2', 'Prusa 10']);
  });

  it('keeps the groups without a location in a last section, spaces aside', () => {
    const sections = sectionsByLocation(
      [group('A', ''), group('B', 'Zeta'), group('C', '  '), group('D', 'Alfa ')],
      'it',
    );
    expect(sections.map((section) => [section.location, section.groups.length])).toEqual([
      ['Alfa', 1],
      ['Zeta', 1],
      ['', 2],
    ]);
  });

  it('has no section without groups', () => {
    expect(sectionsByLocation([], 'en')).toEqual([]);
  });
});
