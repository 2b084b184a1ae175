import type { ActivityEntry } from '@portal/contract';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * An entry's detail in one line, by kind: the G-code sent, the file and its size and SHA-256, the move's two paths,
 * the folder or file named; for an administrative action, the object and the fields given. `truncated`/`unfinished`
 * marks are shown by the table apart.
 */
export function activityDetailLine(entry: Pick<ActivityEntry, 'kind' | 'detail'>): string {
  const { detail } = entry;
  switch (entry.kind) {
    case 'board.gcode':
      return text(detail.gcode);
    case 'board.upload': {
      const size = typeof detail.size === 'number' ? ` (${detail.size} B` : '';
      const sha = text(detail.sha256);
      return `${text(detail.name)}${size}${size && sha ? `, SHA-256 ${sha.slice(0, 12)}…)` : size ? ')' : ''}`;
    }
    case 'board.move':
      return `${text(detail.from)} → ${text(detail.to)}`;
    case 'board.delete':
    case 'board.mkdir':
      return text(detail.name);
    case 'board.plugin':
      return text(detail.request);
    default:
      return administrativeLine(detail);
  }
}

/** What an administrative action changed: the object (`#id`, or the one it created) and each field given. */
function administrativeLine(detail: Record<string, unknown>): string {
  const { route: _route, id, created, ...fields } = detail;
  const object = typeof created === 'number' ? `#${created}` : typeof id === 'number' ? `#${id}` : '';
  const changes = Object.entries(fields)
    .map(([field, value]) => `${field}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
  return [object, changes].filter((part) => part !== '').join(': ');
}
