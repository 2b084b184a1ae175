import type { MachinePathName } from '@portal/contract';

/**
 * The board's first volume: the file browser's root, which the path stack never loses (docs/product.md §4,
 * §9).
 */
export const ROOT = '0:';

/** Where the browser is: the root, then one folder name per level (docs/product.md §4 "File browser"). */
export type PathStack = readonly [typeof ROOT, ...string[]];

export const rootStack = (): PathStack => [ROOT];

/** Entering a folder pushes its name. */
export const enterFolder = (stack: PathStack, name: string): PathStack => [...stack, name];

/** Going up pops one level, but never the root. */
export const goUp = (stack: PathStack): PathStack =>
  stack.length > 1 ? (stack.slice(0, -1) as unknown as PathStack) : stack;

/** A breadcrumb click: the path cut back to `level` (0 is the root). */
export const truncateTo = (stack: PathStack, level: number): PathStack =>
  stack.slice(0, Math.min(Math.max(level, 0), stack.length - 1) + 1) as unknown as PathStack;

/** Whether there is a level above (the '..' row shows). */
export const isBelowRoot = (stack: PathStack): boolean => stack.length > 1;

/** The folder as the board names it: `0:/` for the root, else `0:/gcodes/sub`. */
export const folderPath = (stack: PathStack): string => (stack.length === 1 ? `${ROOT}/` : stack.join('/'));

/** The board path of an entry of the current folder. */
export const entryPath = (stack: PathStack, name: string): string => [...stack, name].join('/');

/**
 * The folders the customer path may write in (docs/board-access.md §2): uploads, renames and deletes go inside
 * them only; the admin path writes everywhere.
 */
export const CUSTOMER_FOLDERS = ['gcodes', 'macros', 'filaments'] as const;

/** Where the browser opens: 0: on the admin path, 0:/gcodes (where jobs are) for everyone else. */
export const startStack = (path: MachinePathName): PathStack =>
  path === 'admin' ? rootStack() : [ROOT, 'gcodes'];

/** Whether files may be uploaded into the current folder on `path` (the board reads names case-blind). */
export function mayUploadInto(stack: PathStack, path: MachinePathName): boolean {
  if (path === 'admin') return true;
  const top = stack[1]?.toLowerCase();
  return CUSTOMER_FOLDERS.some((folder) => folder === top);
}
