import { CATALOGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { CATALOG_PATHS } from './catalog-paths';

describe('CATALOG_PATHS', () => {
  it('lists and creates each catalogue at its plural path', () => {
    expect(CATALOGS.map((catalog) => CATALOG_PATHS[catalog].list)).toEqual([
      '/api/v1/machines',
      '/api/v1/boards',
      '/api/v1/computers',
    ]);
  });

  it('updates each entry under the plural path', () => {
    expect(CATALOG_PATHS.machines.update(7)).toBe('/api/v1/machines/7');
    expect(CATALOG_PATHS.boards.update(7)).toBe('/api/v1/boards/7');
    expect(CATALOG_PATHS.computers.update(7)).toBe('/api/v1/computers/7');
  });

  it('deletes boards and computers under the singular paths of docs/product.md §7', () => {
    expect(CATALOG_PATHS.machines.remove(3)).toBe('/api/v1/machines/3');
    expect(CATALOG_PATHS.boards.remove(3)).toBe('/api/v1/board/3');
    expect(CATALOG_PATHS.computers.remove(3)).toBe('/api/v1/computer/3');
  });
});
