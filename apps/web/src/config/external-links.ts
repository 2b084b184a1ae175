/** Vendor resource pages linked from the footer; `labelKey` is a key of `footer.links`. */
export const EXTERNAL_LINKS = [
  { labelKey: 'duet', href: 'https://docs.duet3d.com' },
  { labelKey: 'prusa', href: 'https://help.prusa3d.com' },
  { labelKey: 'cura', href: 'https://ultimaker.com/software/ultimaker-cura' },
] as const;

/**
 * The two browsers the push notice names (docs/product.md §8); `labelKey` names one of the push texts'
 * browsers.
 */
export const PUSH_BROWSERS = [
  { labelKey: 'chrome', href: 'https://www.google.com/chrome/' },
  { labelKey: 'firefox', href: 'https://www.mozilla.org/firefox/' },
] as const;
