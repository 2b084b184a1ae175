// Applies the stored theme before the first paint, so a light page never flashes dark while the app
// loads. A classic script loaded from <head>: the CSP forbids inline scripts. docs/product.md §4:
// nothing stored gives dark; a stored value other than 'dark' gives light. The theme switch stores it.
(() => {
  let stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage can be disabled; the default applies.
  }
  document.documentElement.dataset.bsTheme = stored === null || stored === 'dark' ? 'dark' : 'light';
})();
