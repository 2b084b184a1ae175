/** Vendor resource pages linked from the footer; `labelKey` is a key of `footer.links`. */
export const EXTERNAL_LINKS = [
  { labelKey: 'duet', href: 'https://docs.duet3d.com' },
  { labelKey: 'prusa', href: 'https://help.prusa3d.com' },
  { labelKey: 'cura', href: 'https://ultimaker.com/software/ultimaker-cura' },
] as const;
