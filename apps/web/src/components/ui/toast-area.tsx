import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from '../../lib/toast-store';
import { whenIdle } from '../../lib/when-idle';

const loadToastStack = () => import('./toast-stack');
const ToastStack = lazy(loadToastStack);

/**
 * The toast area at the bottom right of every screen. Its code (react-bootstrap's toasts and their fade
 * transition) is not part of the first load: it is fetched once the page is idle, or by the first toast if
 * that comes sooner, and nothing is rendered while there is no toast.
 */
export function ToastArea() {
  const toasts = useToasts();
  useEffect(() => {
    void whenIdle().then(loadToastStack);
  }, []);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack toasts={toasts} />
    </Suspense>
  );
}
