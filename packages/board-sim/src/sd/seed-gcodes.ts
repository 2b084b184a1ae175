import { generateSlicedFile, type SlicedFileSpec } from './gcode-file.ts';
import { type PartLook, renderPartPng } from './thumbnail-image.ts';

/**
 * The sliced jobs every simulated card holds, from a quick bracket to a long print of a couple of MB, each
 * with the thumbnails a slicer set up for a Duet embeds: a small one and a larger one (`previews`).
 */
const SLICED_JOBS: readonly (Omit<SlicedFileSpec, 'slicedAt' | 'thumbnails'> & {
  readonly path: string;
  readonly daysAgo: number;
  readonly look: PartLook;
  readonly previews: readonly (readonly [number, number])[];
})[] = [
  {
    path: 'Supporto_sensore.gcode',
    objectHeight: 12,
    layerHeight: 0.2,
    printTimeSeconds: 1520,
    filamentMm: 2140.5,
    targetBytes: 45_000,
    generatedBy: 'PrusaSlicer 2.9.4',
    bedTemperature: 60,
    hotendTemperature: 215,
    filamentType: 'PLA',
    daysAgo: 21,
    look: { shape: 'bracket', colour: [232, 110, 26] },
    previews: [
      [32, 32],
      [220, 124],
    ],
  },
  {
    path: 'calibration_cube_20mm.gcode',
    objectHeight: 20,
    layerHeight: 0.2,
    printTimeSeconds: 2290,
    filamentMm: 3105.2,
    targetBytes: 90_000,
    generatedBy: 'PrusaSlicer 2.8.1',
    bedTemperature: 60,
    hotendTemperature: 210,
    filamentType: 'PLA',
    daysAgo: 60,
    look: { shape: 'cube', colour: [120, 124, 130] },
    previews: [
      [32, 32],
      [220, 124],
    ],
  },
  {
    path: 'Staffa_motore_PETG.gcode',
    objectHeight: 35,
    layerHeight: 0.25,
    printTimeSeconds: 8107,
    filamentMm: 14520.8,
    targetBytes: 600_000,
    generatedBy: 'PrusaSlicer 2.9.4',
    bedTemperature: 80,
    hotendTemperature: 240,
    filamentType: 'PETG',
    daysAgo: 9,
    look: { shape: 'plate', colour: [30, 96, 200] },
    previews: [
      [32, 32],
      [220, 124],
    ],
  },
  {
    path: 'Carter_frontale.gcode',
    objectHeight: 80,
    layerHeight: 0.2,
    printTimeSeconds: 34_925,
    filamentMm: 61_033.4,
    targetBytes: 2_200_000,
    generatedBy: 'PrusaSlicer 2.9.4',
    bedTemperature: 60,
    hotendTemperature: 215,
    filamentType: 'PLA',
    daysAgo: 3,
    look: { shape: 'cover', colour: [64, 68, 74] },
    previews: [
      [32, 32],
      [300, 300],
    ],
  },
  {
    path: 'Clienti/Rossi_SRL/Coperchio_quadro.gcode',
    objectHeight: 30,
    layerHeight: 0.2,
    printTimeSeconds: 4830,
    filamentMm: 8210.7,
    targetBytes: 250_000,
    generatedBy: 'PrusaSlicer 2.9.4',
    bedTemperature: 60,
    hotendTemperature: 215,
    filamentType: 'PLA',
    daysAgo: 14,
    look: { shape: 'lid', colour: [226, 226, 218] },
    previews: [
      [32, 32],
      [220, 124],
    ],
  },
];

export interface SeedFile {
  /** Path under `0:/gcodes`. */
  readonly path: string;
  readonly data: Uint8Array;
  readonly modified: Date;
}

let generated: readonly SeedFile[] | undefined;

/** The seeded G-code files; generated once per process and shared (read-only) by every board. */
export function seedGcodeFiles(): readonly SeedFile[] {
  if (!generated) {
    const now = Date.now();
    generated = SLICED_JOBS.map(({ path, daysAgo, look, previews, ...spec }) => {
      const slicedAt = new Date(now - daysAgo * 86_400_000);
      const thumbnails = previews.map(([width, height]) => ({
        format: 'png' as const,
        width,
        height,
        image: renderPartPng(width, height, look),
      }));
      return { path, data: generateSlicedFile({ ...spec, slicedAt, thumbnails }), modified: slicedAt };
    });
  }
  return generated;
}
