import { ALL_ROLES, type Language, Role } from '@portal/contract';
import { paths } from './paths';

/** A link of the side navigation; `labelKey` is a key of the `nav` catalog section. */
export interface NavItem {
  labelKey: 'dashboard' | 'settings';
  /** A bootstrap-icons name. */
  icon: string;
  getHref: (lang: Language) => string;
  roles: readonly Role[];
}

/** The side navigation by role (specification section 2); a screen gets its link when it exists. */
export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'dashboard', icon: 'speedometer2', getHref: paths.dashboard.getHref, roles: ALL_ROLES },
  {
    labelKey: 'settings',
    icon: 'gear',
    getHref: (lang) => paths.settings.getHref(lang),
    roles: [Role.Administrator],
  },
];

export const navItemsFor = (role: Role): NavItem[] => NAV_ITEMS.filter((item) => item.roles.includes(role));
