import type { Catalog, Language } from '@portal/contract';

/** Tabs of /settings, chosen by the URL fragment (docs/product.md §2). */
export type SettingsTab =
  | 'users'
  | 'businesses'
  | 'groups'
  | 'machinegroups'
  | 'computercontrollers'
  | 'roles'
  | 'sessions';

const queryOf = (params: URLSearchParams | undefined): string =>
  params && params.size > 0 ? `?${params}` : '';

/**
 * Every URL of the web client. `path` is the router pattern under the `/:lang` prefix, `getHref` builds
 * a link in a given language: the one place that knows the shape of each URL.
 */
export const paths = {
  home: { path: '', getHref: (lang: Language) => `/${lang}` },
  login: { path: 'login', getHref: (lang: Language) => `/${lang}/login` },
  passwordRecover: {
    path: 'password/recover',
    getHref: (lang: Language) => `/${lang}/password/recover`,
  },
  /** The page the recovery mail links to, with the link's token and address in the query. */
  passwordRecoverChange: {
    path: 'password/recover/change',
    getHref: (lang: Language, link?: { token: string; email: string }) =>
      `/${lang}/password/recover/change${link ? `?${new URLSearchParams(link)}` : ''}`,
  },
  dashboard: { path: 'dashboard', getHref: (lang: Language) => `/${lang}/dashboard` },
  settings: {
    path: 'settings',
    getHref: (lang: Language, tab?: SettingsTab) => `/${lang}/settings${tab ? `#${tab}` : ''}`,
  },
  /** The groups tab of /settings showing one catalogue (`?group=machines|boards|computers`). */
  settingsCatalog: {
    getHref: (lang: Language, group: Catalog) => `/${lang}/settings?group=${group}#groups`,
  },
  computerController: {
    path: 'settings/computer-controller/:id',
    getHref: (lang: Language, id: number) => `/${lang}/settings/computer-controller/${id}`,
  },
  machineGroup: {
    path: 'settings/machine-group/:id',
    getHref: (lang: Language, id: number) => `/${lang}/settings/machine-group/${id}`,
  },
  machines: { path: 'machines', getHref: (lang: Language) => `/${lang}/machines` },
  /** The machine list with a view: its filter, order and search (`?state=…&sort=…&q=…`). */
  machinesView: {
    getHref: (lang: Language, view: URLSearchParams) => `/${lang}/machines${queryOf(view)}`,
  },
  /** The fleet's wall view: large tiles for a workshop screen, without the navigation; `view` as the list's. */
  machinesWall: {
    path: 'machines/wall',
    getHref: (lang: Language, view?: URLSearchParams) => `/${lang}/machines/wall${queryOf(view)}`,
  },
  machine: {
    path: 'machines/:id',
    getHref: (lang: Language, id: number) => `/${lang}/machines/${id}`,
  },
  machineFiles: {
    path: 'machines/:id/files',
    getHref: (lang: Language, id: number) => `/${lang}/machines/${id}/files`,
  },
  machineStatistics: {
    path: 'machines/:id/statistics',
    getHref: (lang: Language, id: number) => `/${lang}/machines/${id}/statistics`,
  },
  machineMaintenance: {
    path: 'machines/:id/maintenance',
    getHref: (lang: Language, id: number) => `/${lang}/machines/${id}/maintenance`,
  },
  machineSettings: {
    path: 'machines/:id/settings',
    getHref: (lang: Language, id: number) => `/${lang}/machines/${id}/settings`,
  },
  machineActivity: {
    path: 'machines/:id/activity',
    getHref: (lang: Language, id: number) => `/${lang}/machines/${id}/activity`,
  },
  activity: { path: 'activity', getHref: (lang: Language) => `/${lang}/activity` },
  /** How the fleet was used, per machine and week (managers and administrators; docs/design.md §12). */
  insight: { path: 'insight', getHref: (lang: Language) => `/${lang}/insight` },
  /** The business's print library (docs/design.md §13). */
  library: { path: 'library', getHref: (lang: Language) => `/${lang}/library` },
  /** A business's print queue (docs/product.md §11); staff may name the business they open it on. */
  printQueue: {
    path: 'queue',
    getHref: (lang: Language, business?: number) =>
      business === undefined ? `/${lang}/queue` : `/${lang}/queue?business=${business}`,
  },
  /** The maintenance list across the fleet, by urgency (docs/design.md §12). */
  maintenance: { path: 'maintenance', getHref: (lang: Language) => `/${lang}/maintenance` },
  tickets: { path: 'tickets', getHref: (lang: Language) => `/${lang}/tickets` },
  newTicket: {
    path: 'tickets/new',
    /**
     * With a machine group's id, the form opens with that machine chosen; with a draft, with its title and
     * description written (an overdue maintenance task's ticket).
     */
    getHref: (lang: Language, machineGroupId?: number, draft?: { title: string; content: string }) => {
      const query = new URLSearchParams();
      if (machineGroupId !== undefined) query.set('machine', String(machineGroupId));
      if (draft) {
        query.set('title', draft.title);
        query.set('content', draft.content);
      }
      const search = query.toString();
      return `/${lang}/tickets/new${search ? `?${search}` : ''}`;
    },
  },
  ticket: {
    path: 'tickets/:id',
    getHref: (lang: Language, id: number) => `/${lang}/tickets/${id}`,
  },
  user: {
    path: 'settings/users/:id',
    getHref: (lang: Language, id: number) => `/${lang}/settings/users/${id}`,
  },
  business: {
    path: 'business/:id',
    getHref: (lang: Language, id: number) => `/${lang}/business/${id}`,
  },
  /** Old addresses kept working by redirects. */
  roles: { path: 'roles', getHref: (lang: Language) => `/${lang}/roles` },
  users: { path: 'users', getHref: (lang: Language) => `/${lang}/users` },
  usersUser: { path: 'users/:id', getHref: (lang: Language, id: number) => `/${lang}/users/${id}` },
} as const;
