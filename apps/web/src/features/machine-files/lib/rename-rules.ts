/** What is wrong with a new name for a board entry: empty or a path (RRF would move it elsewhere), or the same. */
export type RenameProblem = 'invalid' | 'unchanged';

export function renameProblem(current: string, next: string): RenameProblem | null {
  const name = next.trim();
  if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name)) return 'invalid';
  return name === current ? 'unchanged' : null;
}

/** The board path of an entry renamed in place: same folder, new last segment. */
export const renamedPath = (path: string, next: string): string =>
  `${path.slice(0, path.lastIndexOf('/') + 1)}${next.trim()}`;
