import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Enters and leaves full screen (the Fullscreen API) for the whole page; absent where the browser offers none. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    // A refusal (no user gesture, a policy) leaves the page as it is.
    const change = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => undefined);
  };
  return (
    <Button variant="outline-secondary" onClick={toggle} data-testid="wall-fullscreen">
      <i className={`bi bi-${active ? 'fullscreen-exit' : 'arrows-fullscreen'} me-1`} aria-hidden="true" />
      {active ? t('fleet.wall.exitFullscreen') : t('fleet.wall.fullscreen')}
    </Button>
  );
}
