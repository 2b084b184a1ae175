import { type ApiTokenLevel, type SlicerDestination, slicerDuetPath } from '@portal/contract';

/**
 * Access levels of a slicer token as docs/product.md §3 numbers them (UploadAndPrint 0, FullControl 1), and as
 * the token's answer and its URL name them (`upload`, `full_control`).
 */
const URL_LEVEL_OF = new Map<unknown, ApiTokenLevel>([
  [0, 'upload'],
  [1, 'full_control'],
  ['upload', 'upload'],
  ['full_control', 'full_control'],
]);

/**
 * The token's Duet URL path (for PrusaSlicer and Cura) from its access level and destination (a library or
 * queue token has its own URL), or null for a level that is none of the known ones, for which the dialog shows
 * 'Invalid token type' (docs/product.md §8) instead of a URL no slicer could use.
 */
export function slicerUrlPathOf(
  controllerId: number,
  level: unknown,
  token: string,
  destination: SlicerDestination = { kind: 'machine' },
): string | null {
  const urlLevel = URL_LEVEL_OF.get(level);
  if (urlLevel === undefined) return null;
  return slicerDuetPath(controllerId, destination.kind === 'machine' ? urlLevel : destination.kind, token);
}
