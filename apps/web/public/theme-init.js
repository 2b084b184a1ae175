// Applies the theme before the first paint, so the page never flashes the other one while the app loads. A
// classic script loaded from <head>: the CSP forbids inline scripts. docs/product.md §4: the theme the user chose
// with the theme switch (stored; a stored value other than 'dark' gives light); with no choice stored, the
// system's (prefers-color-scheme: light gives light, anything else dark).
(() => {
  let stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage can be disabled: the system's theme applies.
  }
  let system = 'dark';
  try {
    if (window.matchMedia?.('(prefers-color-scheme: light)').matches) system = 'light';
  } catch {
    // No media queries: dark.
  }
  document.documentElement.dataset.bsTheme = stored === null ? system : stored === 'dark' ? 'dark' : 'light';
})();
