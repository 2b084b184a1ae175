import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AddToQueueDialog, type AddToQueueDialogProps } from './add-to-queue-dialog';

/** A library file's "Add to queue": the button, and the dialog it opens. */
export function AddToQueueButton(props: Omit<AddToQueueDialogProps, 'onClose'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        onClick={() => setOpen(true)}
        aria-label={t('printQueue.add.button', { name: props.file.name })}
      >
        <i className="bi bi-list-ol" aria-hidden="true" />
      </Button>
      {open && <AddToQueueDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
