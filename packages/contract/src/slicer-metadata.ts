import { z } from 'zod';

/**
 * What a slicer wrote about a G-code file in its comments (docs/gcode.md §5), as the print library shows it.
 * Every field is optional: each slicer writes a different subset, and the server leaves out whatever it could
 * not read. Lists that are per extruder keep the slicer's order (index 0 is the first extruder).
 */

/** The image formats slicers embed as thumbnails. */
export const SLICER_THUMBNAIL_FORMATS = ['png', 'jpg', 'qoi'] as const;
export type SlicerThumbnailFormat = (typeof SLICER_THUMBNAIL_FORMATS)[number];

/** One embedded thumbnail: its size in pixels, its format and the size of the decoded image in bytes. */
export const slicerThumbnailSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(SLICER_THUMBNAIL_FORMATS),
  byteSize: z.number().int().positive(),
});
export type SlicerThumbnail = z.infer<typeof slicerThumbnailSchema>;

/** The filament one extruder uses: length, weight and volume, each when the slicer wrote it. */
export const slicerFilamentUseSchema = z.object({
  lengthMm: z.number().nonnegative().optional(),
  weightG: z.number().nonnegative().optional(),
  volumeCm3: z.number().nonnegative().optional(),
});
export type SlicerFilamentUse = z.infer<typeof slicerFilamentUseSchema>;

export const slicerMetadataSchema = z.object({
  slicer: z.object({ name: z.string(), version: z.string().optional() }).optional(),
  estimatedPrintSeconds: z.number().int().nonnegative().optional(),
  /** Per extruder; an extruder the print does not use may be listed with zeros. */
  filament: z.array(slicerFilamentUseSchema).optional(),
  layerHeightMm: z.number().positive().optional(),
  firstLayerHeightMm: z.number().positive().optional(),
  /** Per extruder. */
  nozzleDiametersMm: z.array(z.number().positive()).optional(),
  printerModel: z.string().optional(),
  /** Per extruder, as the slicer names them (PLA, PETG, …). */
  filamentTypes: z.array(z.string()).optional(),
  objectHeightMm: z.number().positive().optional(),
  /** In file order; empty when the file embeds none (or none that could be read). */
  thumbnails: z.array(slicerThumbnailSchema),
});
export type SlicerMetadata = z.infer<typeof slicerMetadataSchema>;
