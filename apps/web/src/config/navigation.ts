import { type Actor, type Capability, canIn, type Language } from '@portal/contract';
import { paths } from './paths';

/** A link of the side navigation for the signed-in user; `labelKey` is its catalog key. */
export interface NavItem {
  labelKey:
    | 'nav.dashboard'
    | 'fleet.nav'
    | 'maintenance.nav'
    | 'tickets.nav'
    | 'library.nav'
    | 'printQueue.nav'
    | 'activity.nav'
    | 'insight.nav'
    | 'nav.settings'
    | 'nav.company';
  /** A bootstrap-icons name. */
  icon: string;
  getHref: (lang: Language) => string;
}

/** A link of the navigation table: who gets it, and where it leads for whom. */
interface NavEntry extends Omit<NavItem, 'getHref'> {
  getHref: (lang: Language, actor: Actor) => string;
  /**
   * The capability of the permission table the link needs, on the user's own business (the Company
   * link leads there); null: every signed-in user.
   */
  capability: Capability | null;
}

/** The side navigation (docs/product.md §2); a screen gets its link when it exists. */
export const NAV_ITEMS: readonly NavEntry[] = [
  { labelKey: 'nav.dashboard', icon: 'speedometer2', getHref: paths.dashboard.getHref, capability: null },
  { labelKey: 'fleet.nav', icon: 'printer', getHref: paths.machines.getHref, capability: null },
  // Everyone who sees machines sees their maintenance state (docs/design.md §12).
  {
    labelKey: 'maintenance.nav',
    icon: 'wrench-adjustable',
    getHref: paths.maintenance.getHref,
    capability: null,
  },
  { labelKey: 'tickets.nav', icon: 'chat-left-text', getHref: paths.tickets.getHref, capability: null },
  { labelKey: 'library.nav', icon: 'collection', getHref: paths.library.getHref, capability: 'library' },
  {
    labelKey: 'printQueue.nav',
    icon: 'list-ol',
    getHref: (lang) => paths.printQueue.getHref(lang),
    capability: 'printQueue',
  },
  {
    labelKey: 'activity.nav',
    icon: 'journal-text',
    getHref: paths.activity.getHref,
    capability: 'activityRecord',
  },
  {
    labelKey: 'insight.nav',
    icon: 'graph-up',
    getHref: paths.insight.getHref,
    capability: 'fleetInsight',
  },
  {
    labelKey: 'nav.settings',
    icon: 'gear',
    getHref: (lang) => paths.settings.getHref(lang),
    capability: 'settings',
  },
  {
    labelKey: 'nav.company',
    icon: 'building',
    getHref: (lang, actor) => paths.business.getHref(lang, actor.business),
    capability: 'companyLink',
  },
];

/** The links the signed-in user gets, each leading where it does for them. */
export const navItemsFor = (actor: Actor): NavItem[] =>
  NAV_ITEMS.filter((item) => item.capability === null || canIn(actor, item.capability, actor.business)).map(
    ({ labelKey, icon, getHref }) => ({ labelKey, icon, getHref: (lang: Language) => getHref(lang, actor) }),
  );
