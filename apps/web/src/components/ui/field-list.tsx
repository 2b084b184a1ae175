import { Fragment, type ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

/**
 * Read-only fields as a description list: each label beside its value while the container has room for
 * both, above it when not (a narrow card). Labels never break; long values wrap within their column.
 */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <div className="field-list-container">
      <dl className="field-list">
        {fields.map((field) => (
          <Fragment key={field.label}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
