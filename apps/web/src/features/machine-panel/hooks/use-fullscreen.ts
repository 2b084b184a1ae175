import { type RefObject, useEffect, useState } from 'react';

/**
 * The Fullscreen API on one element: whether the browser offers it (an iPhone's Safari does not, for anything
 * but video), whether the element fills the screen now (Escape leaves without asking), and a toggle.
 */
export function useFullscreen(element: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [element]);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.current?.requestFullscreen().catch(() => undefined);
  };
  return { supported: document.fullscreenEnabled === true, active, toggle };
}
