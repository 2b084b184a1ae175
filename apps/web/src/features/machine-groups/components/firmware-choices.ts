import { FIRMWARE_VERSIONS, formatFirmware } from '@portal/contract';
import type { Choice } from '../../../lib/choices';

/**
 * The firmware choices: 'Unknown' for 0, and each version shown as N.x as docs/product.md §3 does, with
 * the exact version beside it so that the choices stay distinguishable.
 */
export const firmwareChoices = (unknown: string): Choice[] =>
  FIRMWARE_VERSIONS.map((version) => ({
    id: version,
    label: version === 0 ? unknown : `${formatFirmware(version, unknown)} (${version})`,
  }));
