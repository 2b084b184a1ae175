import { ModelCollection } from '@portal/duet';

/**
 * The patch DSF sends on its object model WebSocket, shaped for `ObjectModel.update()`: objects carry only
 * changed fields (a removed field becomes null); a model collection lists every item, unchanged ones as
 * `{}`; any other array is sent whole, since update() replaces such arrays item by item.
 *
 * `shape` is the live ObjectModel node at the same place, which tells collections from plain arrays.
 * Returns undefined when nothing changed.
 */
export function diffModel(before: unknown, after: unknown, shape: unknown): unknown {
  if (before === after) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) {
    if (!(shape instanceof ModelCollection))
      return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
    let changed = before.length !== after.length;
    const items = after.map((item, index) => {
      const itemPatch = diffModel(before[index], item, shape[index]);
      if (itemPatch !== undefined) changed = true;
      const bothObjects = isRecord(before[index]) && isRecord(item);
      return itemPatch ?? (bothObjects ? {} : item);
    });
    return changed ? items : undefined;
  }
  if (isRecord(before) && isRecord(after)) {
    const patch: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(after)) {
      const fieldPatch = diffModel(before[field], value, isRecord(shape) ? shape[field] : undefined);
      if (fieldPatch !== undefined) patch[field] = fieldPatch;
    }
    for (const field of Object.keys(before)) {
      if (!(field in after)) patch[field] = null;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  return after;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
