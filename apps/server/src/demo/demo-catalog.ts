/**
 * The hardware catalogues of the demo: ids follow the order of these lists (1, 2, 3…), and the rest of
 * the demo and the web's icons rely on them (machine type 2 is the pallet unit).
 */
export const DEMO_MACHINE_TYPES = [
  {
    name: 'Prusa MK4S',
    description: 'Stampante 3D FDM a filamento singolo, volume di stampa 250 × 210 × 220 mm',
  },
  {
    name: 'Unità pallet PLU-200',
    description: 'Unità di carico e scarico pallet per celle di stampa automatiche, fino a 8 piatti',
  },
  {
    name: 'Voron 2.4 R2',
    description: 'Stampante 3D CoreXY a camera chiusa, volume di stampa 350 × 350 × 340 mm',
  },
  {
    name: 'RatRig V-Core 4 500',
    description: 'Stampante 3D CoreXY di grande formato, volume di stampa 500 × 500 × 500 mm',
  },
  {
    name: 'Modix BIG-60 V4',
    description: 'Stampante 3D industriale di grande formato, volume di stampa 600 × 600 × 660 mm',
  },
] as const;

export const DEMO_BOARD_TYPES = [
  { name: 'Duet 3 Mainboard 6HC', description: 'Scheda a 6 driver ad alta corrente, RepRapFirmware 3' },
  { name: 'Duet 2 WiFi', description: 'Scheda a 5 driver con modulo Wi-Fi, RepRapFirmware 2 e 3' },
  { name: 'Duet 3 Mini 5+', description: 'Scheda compatta a 5 driver, Ethernet o Wi-Fi' },
] as const;

export const DEMO_COMPUTER_TYPES = [
  { name: 'Raspberry Pi 4 Model B', description: '4 GB di RAM, Raspberry Pi OS a 64 bit' },
  { name: 'Raspberry Pi 5', description: '8 GB di RAM, Raspberry Pi OS a 64 bit' },
] as const;

/** Catalogue ids by name, so the fleet below reads as hardware rather than numbers. */
export const MACHINE = { prusa: 1, pallet: 2, voron: 3, ratrig: 4, modix: 5 } as const;
export const BOARD = { duet6hc: 1, duet2wifi: 2, mini5: 3 } as const;
export const COMPUTER = { pi4: 1, pi5: 2 } as const;
