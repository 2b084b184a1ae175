import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Form, InputGroup, Overlay, Popover, Spinner } from 'react-bootstrap';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDay, normaliseDay, parseDay } from '../../lib/calendar-day';
import { useLanguage } from '../../lib/use-language';
import { FieldGroup } from './field-group';

const DayCalendar = lazy(() => import('./day-calendar'));

export interface DateFieldProps<Values extends FieldValues> {
  id: string;
  label: string;
  control: Control<Values>;
  /** A text field of the form holding the day as yyyy-MM-dd ('' for none). */
  name: FieldPathByValue<Values, string>;
  required?: boolean;
  /** A hint under the field, read out with it; the accepted formats are always said after it. */
  help?: string | undefined;
  /** An already translated message; its presence marks the field invalid. */
  error?: string | undefined;
}

/**
 * A calendar day: typed as the portal shows days (yyyy-MM-dd) or in the page language's own order
 * (25/12/2027 on an Italian page), and rewritten as yyyy-MM-dd when the field is left, or picked on a
 * calendar in the page's language. Unlike the browser's date input, it follows the page's language rather
 * than the browser's.
 */
export function DateField<Values extends FieldValues>({
  id,
  label,
  control,
  name,
  required,
  help,
  error,
}: DateFieldProps<Values>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { field } = useController({ control, name });
  const [picking, setPicking] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const text: string = field.value ?? '';
  const chosen = parseDay(text);

  const close = () => {
    setPicking(false);
    toggle.current?.focus();
  };
  const leave = () => {
    const day = normaliseDay(text, language);
    if (day !== null && day !== text) field.onChange(day);
    field.onBlur();
  };
  const hint = [help, t('dateField.formats')].filter(Boolean).join(' ');

  return (
    <FieldGroup id={id} label={label} help={hint} error={error}>
      {(describedBy) => (
        // is-invalid on the group shows the message under it, as on a plain field.
        <div ref={group} className={error === undefined ? undefined : 'is-invalid'}>
          <InputGroup hasValidation>
            <Form.Control
              ref={field.ref}
              name={field.name}
              value={text}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={leave}
              autoComplete="off"
              inputMode="numeric"
              required={required}
              isInvalid={error !== undefined}
              aria-invalid={error !== undefined || undefined}
              aria-describedby={describedBy}
            />
            <Button
              ref={toggle}
              variant="outline-secondary"
              aria-label={t('dateField.pick', { field: label })}
              aria-haspopup="dialog"
              aria-expanded={picking}
              onClick={() => setPicking((open) => !open)}
            >
              <i className="bi bi-calendar3" aria-hidden="true" />
            </Button>
          </InputGroup>
          {/* Inside the field's own element: a dialog's focus trap would pull focus out of a popover on the body. */}
          <Overlay
            target={toggle}
            container={group}
            show={picking}
            placement="bottom-end"
            rootClose
            onHide={close}
          >
            <Popover
              id={`${id}-calendar`}
              role="dialog"
              aria-label={t('dateField.pick', { field: label })}
              className="mw-100"
              onKeyDown={(event) => {
                // Escape closes the calendar only, not the dialog around the field.
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  close();
                }
              }}
            >
              <Popover.Body className="p-2">
                <Suspense
                  fallback={
                    <Spinner animation="border" size="sm" role="status">
                      <span className="visually-hidden">{t('common.loading')}</span>
                    </Spinner>
                  }
                >
                  <DayCalendar
                    language={language}
                    selected={chosen === null ? undefined : new Date(chosen)}
                    onSelect={(day) => {
                      field.onChange(formatDay(day));
                      close();
                    }}
                  />
                </Suspense>
              </Popover.Body>
            </Popover>
          </Overlay>
        </div>
      )}
    </FieldGroup>
  );
}
