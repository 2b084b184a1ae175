import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './dialog-frame';

export interface OverlayDialogProps {
  show: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called on the close button, the header's close button and Escape. */
  onClose: () => void;
  testId?: string;
}

/** A wide dialog that only informs: header, body and a close button. */
export function OverlayDialog({ show, title, children, onClose, testId }: OverlayDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      show={show}
      title={title}
      onHide={onClose}
      wide
      testId={testId}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {children}
    </DialogFrame>
  );
}
