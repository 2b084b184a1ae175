/** Bootstrap colour modes offered by the theme switch. */
export type Theme = 'dark' | 'light';

/** Nothing stored gives dark; a stored value other than 'dark' gives light (specification section 4). */
export function resolveTheme(stored: string | null): Theme {
  return stored === null || stored === 'dark' ? 'dark' : 'light';
}

export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');
