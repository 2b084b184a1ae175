import type { ComputerController, License } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { controllerListQueryKey, controllerQueryKey, controllersKey } from './controller-keys';
import { controllerChoices } from './get-controller-choices';
import { licenseChoicesKey, selectableLicenseIds } from './get-license-choices';

const license = (id: number, computer: number | null): License => ({
  id,
  business: 2,
  expiry: 1000,
  activation: null,
  computer,
});

describe('selectableLicenseIds', () => {
  const licenses = [license(5, 9), license(3, null), license(4, 7), license(1, null)];

  it('offers the free licences and the controller’s own, never one bound to another controller', () => {
    expect(selectableLicenseIds(licenses, { id: 7, license: 4 })).toEqual([1, 3, 4]);
    expect(selectableLicenseIds(licenses, { id: 8, license: null })).toEqual([1, 3]);
  });

  it('keeps the current licence even when the list does not hold it, so a save never drops it', () => {
    expect(selectableLicenseIds([], { id: 7, license: 4 })).toEqual([4]);
  });
});

describe('controller query keys', () => {
  it('sit under one prefix, so a change to a controller refreshes its lists and licence choices', () => {
    for (const key of [controllerListQueryKey({ unused: true }), controllerQueryKey(3), licenseChoicesKey]) {
      expect(key.slice(0, controllersKey.length)).toEqual([...controllersKey]);
    }
  });
});

const controller = (id: number, name = `Gateway ${id}`): ComputerController => ({
  id,
  name,
  type: 1,
  license: null,
  business: 2,
  machine: null,
  keyCreatedAt: null,
  gateway: { connected: false, lastSeenAt: null, version: null, outdated: false, report: null },
});

describe('controllerChoices', () => {
  it('never offers the controller with id 1', () => {
    expect(controllerChoices([controller(1), controller(4)]).map((choice) => choice.id)).toEqual([4]);
  });

  it('offers the current controller first, once, named with its id', () => {
    expect(controllerChoices([controller(4), controller(9, 'Linea B')], controller(9, 'Linea B'))).toEqual([
      { id: 9, label: 'Linea B (#9)' },
      { id: 4, label: 'Gateway 4 (#4)' },
    ]);
  });

  it('keeps the controller with id 1 when a group already uses it, so its form still shows it', () => {
    expect(controllerChoices([controller(3)], controller(1)).map((choice) => choice.id)).toEqual([1, 3]);
  });
});
