import { useEffect, useState } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Toast as ToastData } from '../../lib/toast-rules';
import { removeToast } from '../../lib/toast-store';

function ToastItem({ toast }: { toast: ToastData }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);

  // Hovering pauses; leaving starts the whole delay again (docs/product.md §2).
  useEffect(() => {
    if (!toast.autohide || hovered) return;
    const handle = setTimeout(() => removeToast(toast.id), toast.delay);
    return () => clearTimeout(handle);
  }, [toast, hovered]);

  return (
    <Toast
      className={`text-bg-${toast.type}`}
      onClose={() => removeToast(toast.id)}
      onClick={() => removeToast(toast.id)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {toast.header !== '' && (
        <Toast.Header closeButton closeLabel={t('common.close')}>
          <strong className="me-auto">{toast.header}</strong>
        </Toast.Header>
      )}
      <Toast.Body className="text-pre-line">
        {toast.body}
        {toast.link && (
          <>
            {' '}
            <Link to={toast.link.href} className="text-reset fw-semibold">
              {toast.link.label}
            </Link>
          </>
        )}
      </Toast.Body>
    </Toast>
  );
}

/** The toasts at the bottom right of the screen; loaded by the toast area (toast-area.tsx). */
export default function ToastStack({ toasts }: { toasts: readonly ToastData[] }) {
  return (
    <ToastContainer
      position="bottom-end"
      containerPosition="fixed"
      className="toast-area"
      data-testid="toast-area"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ToastContainer>
  );
}
