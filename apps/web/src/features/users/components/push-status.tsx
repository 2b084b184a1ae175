import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { PUSH_BROWSERS } from '../../../config/external-links';
import { disablePush, enablePush, usePushState } from '../../../lib/push';
import { showToast } from '../../../lib/toast-store';

/**
 * This browser's push notifications (docs/product.md §4 and §8): not supported (with two browsers
 * that support them), supported but not enabled, or enabled; and the button that changes it.
 */
export function PushStatus() {
  const { t } = useTranslation();
  const state = usePushState();
  const [busy, setBusy] = useState(false);

  if (state === 'unsupported') {
    return (
      <div
        className="badge text-bg-danger text-wrap text-start fs-6 fw-normal lh-base"
        data-testid="push-status"
      >
        {t('push.unsupportedBefore')}
        <ul className="my-1">
          {PUSH_BROWSERS.map(({ labelKey, href }) => (
            <li key={labelKey}>
              <a href={href} target="_blank" rel="noreferrer" className="text-white">
                {t(`push.browsers.${labelKey}`)}
              </a>
            </li>
          ))}
        </ul>
        {t('push.unsupportedAfter')}
      </div>
    );
  }

  const enabled = state === 'enabled';
  const toggle = async () => {
    setBusy(true);
    try {
      if (enabled) await disablePush();
      else if (!(await enablePush())) showToast({ type: 'warning', body: t('push.enableFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-3">
      <span
        className={`badge text-wrap fs-6 fw-normal ${enabled ? 'text-bg-success' : 'text-bg-warning'}`}
        data-testid="push-status"
      >
        {t(enabled ? 'push.enabled' : 'push.supported')}
      </span>
      <BusyButton variant={enabled ? 'outline-secondary' : 'primary'} size="sm" busy={busy} onClick={toggle}>
        {t(enabled ? 'push.disable' : 'push.enable')}
      </BusyButton>
    </div>
  );
}

/** The push section with its heading: on one's own preferences tab, or on one's own profile for customers. */
export function PushSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="push-title">
      <h3 id="push-title" className="h6">
        {t('push.title')}
      </h3>
      <PushStatus />
    </section>
  );
}
