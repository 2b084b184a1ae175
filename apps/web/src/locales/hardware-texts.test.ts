import { describe, expect, it } from 'vitest';
import en from './en.json';
import it_ from './it.json';

describe('the hardware texts', () => {
  it('keep the English toasts of docs/product.md §8 verbatim', () => {
    expect(en.hardware.controllers.toasts.updated).toBe('Router updated correctly');
    expect(en.hardware.machineGroups.toasts).toEqual({
      created: 'Machine group created successfully',
      general: 'General settings updated correctly',
      composition: 'Composition updated correctly',
      business: 'Business updated correctly',
      userRemoved: 'Machine group removed successfully',
    });
    expect(en.hardware.controllers.key.copyFailed).toBe('Failed to save in clipboard');
  });

  it('word the type toasts as docs/design.md §3 decides, in both languages', () => {
    expect(en.hardware.catalog.toasts.machines).toEqual({
      created: 'Machine type created successfully',
      updated: 'Machine type updated successfully',
      deleted: 'Machine type deleted successfully',
    });
    expect(en.hardware.catalog.toasts.boards.created).toBe('Board type created successfully');
    expect(en.hardware.catalog.toasts.computers.deleted).toBe('Computer type deleted successfully');
    expect(it_.hardware.catalog.toasts.machines.created).toBe('Tipo di macchina creato con successo');
  });

  it('keep the Italian texts of docs/product.md verbatim', () => {
    expect(it_.hardware.controllers.license.item).toBe('Licenza #{{id}}');
    expect(it_.hardware.machineGroups.firmware.unknown).toBe('Sconosciuto');
    expect(en.hardware.machineGroups.firmware.unknown).toBe('Unknown');
  });
});
