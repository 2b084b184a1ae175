/**
 * Resolves once the page has loaded and the browser is idle (or 2 s later at most): for work the first
 * view can do without, so it does not compete with what the page needs to become usable.
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const afterLoad = () => {
      // Safari has no requestIdleCallback: the next task serves.
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
