import type { BoardMode, FirmwareVersion } from '@portal/duet';
import { Machine } from '../machine/machine.ts';
import { SdCard } from '../sd/sd-card.ts';
import { seedCard } from '../sd/seed.ts';

/** A seeded card and a machine on it, without any HTTP server: for tests of the machine itself. */
export function createMachine(firmware: FirmwareVersion = '3.6', mode: BoardMode = 'standalone') {
  let machine: Machine | undefined;
  const now = () => new Date();
  const sd = new SdCard({
    volumes: 2,
    capacityBytes: 1_000_000_000,
    onChange: (volume) => machine?.volumeChanged(volume),
    now,
  });
  seedCard(sd, { machineName: 'Test printer', now: now() });
  machine = new Machine({ firmware, mode, name: 'Test printer', host: '127.0.0.1', sd, now });
  return { machine, sd };
}
