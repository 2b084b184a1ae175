import { type Capability, can, type Language, type Role } from '@portal/contract';
import { paths } from './paths';

/** A link of the side navigation; `labelKey` is a key of the `nav` catalog section. */
export interface NavItem {
  labelKey: 'dashboard' | 'settings';
  /** A bootstrap-icons name. */
  icon: string;
  getHref: (lang: Language) => string;
  /** The capability of the permission table the link needs; null: every signed-in user. */
  capability: Capability | null;
}

/** The side navigation (specification section 2); a screen gets its link when it exists. */
export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'dashboard', icon: 'speedometer2', getHref: paths.dashboard.getHref, capability: null },
  {
    labelKey: 'settings',
    icon: 'gear',
    getHref: (lang) => paths.settings.getHref(lang),
    capability: 'settings',
  },
];

export const navItemsFor = (role: Role): NavItem[] =>
  NAV_ITEMS.filter((item) => item.capability === null || can(role, item.capability));
