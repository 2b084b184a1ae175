import { PNG } from 'pngjs';

/** The outline of a seeded part, seen from above at an angle. */
export type PartShape = 'bracket' | 'cube' | 'plate' | 'cover' | 'lid';

export interface PartLook {
  readonly shape: PartShape;
  /** The filament's colour, 0–255 per channel. */
  readonly colour: readonly [number, number, number];
}

/** Whether (u, v), both in -1…1 over the part's square (v down), lies on the part. */
const OUTLINES: Readonly<Record<PartShape, (u: number, v: number) => boolean>> = {
  bracket: (u, v) =>
    (u > -0.9 && u < -0.35 && v > -0.9 && v < 0.9) || (u > -0.9 && u < 0.9 && v > 0.35 && v < 0.9),
  cube: (u, v) => Math.abs(u) < 0.75 && Math.abs(v) < 0.75,
  plate: (u, v) => Math.abs(u) < 0.9 && Math.abs(v) < 0.6 && Math.hypot(u, v) > 0.3,
  cover: (u, v) => (Math.abs(u) / 0.95) ** 4 + (Math.abs(v) / 0.8) ** 4 < 1,
  lid: (u, v) =>
    Math.abs(u) < 0.9 && Math.abs(v) < 0.9 && !(Math.abs(u) < 0.7 && Math.abs(v) < 0.7 && v > 0.2),
};

/** Printed layers show as fine lines across the part: every third pixel row a little darker. */
function layerShade(y: number): number {
  return y % 3 === 2 ? 0.9 : 1;
}

/**
 * A slicer-like preview of a part as a PNG: its outline in the filament's colour, lit from the top left,
 * on a transparent background. Deterministic, so every board holds the same bytes.
 */
export function renderPartPng(width: number, height: number, look: PartLook): Uint8Array {
  const png = new PNG({ width, height });
  const side = Math.min(width, height) * 0.9;
  const inside = OUTLINES[look.shape];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = ((x + 0.5 - width / 2) / side) * 2;
      const v = ((y + 0.5 - height / 2) / side) * 2;
      const index = (y * width + x) * 4;
      if (!inside(u, v)) continue;
      const light = (0.7 + 0.3 * (1 - (u + v + 2) / 4)) * layerShade(y);
      for (let channel = 0; channel < 3; channel++) {
        const value = (look.colour[channel] as number) * light;
        png.data[index + channel] = Math.max(0, Math.min(255, Math.round(value)));
      }
      png.data[index + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png, { colorType: 6 }));
}
