import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useBusinessChoices } from '../../lib/choices';

export interface BusinessPickerProps {
  label: string;
  /** The business shown; the caller's own until they choose. */
  value: number | undefined;
  onChange: (business: number) => void;
}

/** Staff who reach every business's library or queue choose whose page they look at. */
export function BusinessPicker({ label, value, onChange }: BusinessPickerProps) {
  const businesses = useBusinessChoices();
  const selectId = useId();
  return (
    <div className="mb-3" style={{ maxWidth: '24rem' }}>
      <Form.Label htmlFor={selectId}>{label}</Form.Label>
      <Form.Select
        id={selectId}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {(businesses.data ?? []).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
