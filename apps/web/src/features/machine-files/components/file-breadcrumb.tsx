import { Breadcrumb } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PathStack } from '../lib/path-stack';

export interface FileBreadcrumbProps {
  stack: PathStack;
  onTruncate: (level: number) => void;
}

/** The current path from 0:; a crumb cuts the path back to its level, the last one is where the user is. */
export function FileBreadcrumb({ stack, onTruncate }: FileBreadcrumbProps) {
  const { t } = useTranslation();
  const last = stack.length - 1;
  return (
    <Breadcrumb label={t('files.breadcrumb')} className="mb-2">
      {stack.map((name, level) => (
        <Breadcrumb.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: a level's position is its identity (names repeat)
          key={level}
          active={level === last}
          linkAs="button"
          linkProps={{ type: 'button', className: 'btn btn-link p-0 align-baseline' }}
          onClick={level === last ? undefined : () => onTruncate(level)}
        >
          {name}
        </Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
