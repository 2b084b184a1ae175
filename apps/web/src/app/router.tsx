import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { paths } from '../config/paths';
import { loadSignedInCatalog } from '../lib/i18n';
import { PublicLayout } from './layouts/public-layout';
import { GuestOnly, RequireAuth, RequireCapability } from './routes/guards';
import { LanguageRoot } from './routes/language-root';
import { LanguageRedirect, SettingsTabRedirect } from './routes/redirects';

/** Screens load on first visit; a route module's default export is its component. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The signed-in shell loads with the first screen behind the login, never on the login page itself, and
 * with it the signed-in part of the catalog: the router renders the shell only once both are there, so no
 * screen shows a raw key.
 */
const appLayout = async () => {
  const [{ AppLayout }] = await Promise.all([import('./layouts/app-layout'), loadSignedInCatalog()]);
  return { Component: AppLayout };
};

/** The wall view stands outside the shell, yet needs the signed-in catalog as the shell's screens do. */
const wallScreen = async () => {
  const [{ default: Component }] = await Promise.all([
    import('./routes/app/machines-wall'),
    loadSignedInCatalog(),
  ]);
  return { Component };
};

/** Every route of the web client. Guards mirror the server's permissions for navigation only. */
export function createRouter() {
  return createBrowserRouter([
    { path: '/', element: <LanguageRedirect /> },
    {
      path: '/:lang',
      element: <LanguageRoot />,
      HydrateFallback: PageSpinner,
      children: [
        {
          element: <PublicLayout />,
          children: [
            { index: true, lazy: screen(() => import('./routes/public/home')) },
            {
              element: <GuestOnly />,
              children: [
                { path: paths.login.path, lazy: screen(() => import('./routes/public/login')) },
                {
                  path: paths.passwordRecover.path,
                  lazy: screen(() => import('./routes/public/password-recover')),
                },
                {
                  path: paths.passwordRecoverChange.path,
                  lazy: screen(() => import('./routes/public/password-recover-change')),
                },
              ],
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            { path: paths.machinesWall.path, lazy: wallScreen },
            {
              lazy: appLayout,
              children: [
                { path: paths.dashboard.path, lazy: screen(() => import('./routes/app/dashboard')) },
                { path: paths.machines.path, lazy: screen(() => import('./routes/app/machines')) },
                { path: paths.maintenance.path, lazy: screen(() => import('./routes/app/maintenance')) },
                { path: paths.tickets.path, lazy: screen(() => import('./routes/app/tickets')) },
                { path: paths.activity.path, lazy: screen(() => import('./routes/app/activity')) },
                {
                  path: paths.machineActivity.path,
                  lazy: screen(() => import('./routes/app/machine-activity')),
                },
                { path: paths.newTicket.path, lazy: screen(() => import('./routes/app/new-ticket')) },
                { path: paths.ticket.path, lazy: screen(() => import('./routes/app/ticket')) },
                { path: paths.user.path, lazy: screen(() => import('./routes/app/user')) },
                { path: paths.business.path, lazy: screen(() => import('./routes/app/business')) },
                { path: paths.machine.path, lazy: screen(() => import('./routes/app/machine')) },
                {
                  path: paths.machineGroup.path,
                  lazy: screen(() => import('./routes/app/machine-group-settings')),
                },
                {
                  path: paths.machineFiles.path,
                  lazy: screen(() => import('./routes/app/machine-files')),
                },
                {
                  path: paths.machineSettings.path,
                  lazy: screen(() => import('./routes/app/machine-group-settings')),
                },
                {
                  path: paths.machineStatistics.path,
                  lazy: screen(() => import('./routes/app/machine-statistics')),
                },
                {
                  path: paths.machineMaintenance.path,
                  lazy: screen(() => import('./routes/app/machine-maintenance')),
                },
                { path: paths.library.path, lazy: screen(() => import('./routes/app/library')) },
                {
                  element: <RequireCapability capability="fleetInsight" />,
                  children: [
                    { path: paths.insight.path, lazy: screen(() => import('./routes/app/insight')) },
                  ],
                },
                {
                  element: <RequireCapability capability="settings" />,
                  children: [
                    { path: paths.settings.path, lazy: screen(() => import('./routes/app/settings')) },
                    {
                      path: paths.computerController.path,
                      lazy: screen(() => import('./routes/app/computer-controller')),
                    },
                  ],
                },
                { path: '*', lazy: screen(() => import('./routes/app/not-found')) },
              ],
            },
          ],
        },
        { path: paths.roles.path, element: <SettingsTabRedirect tab="roles" /> },
        { path: paths.users.path, element: <SettingsTabRedirect tab="users" /> },
        { path: paths.usersUser.path, lazy: screen(() => import('./routes/user-redirect')) },
      ],
    },
  ]);
}
