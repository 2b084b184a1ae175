import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { paths } from '../config/paths';
import { loadCatalogPart } from '../lib/i18n';
import type { SignedInPart } from '../locales/catalog-parts';
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
 * with it the shell's part of the catalog: the router renders the shell only once both are there, so no
 * screen shows a raw key.
 */
const appLayout = async () => {
  const [{ AppLayout }] = await Promise.all([import('./layouts/app-layout'), loadCatalogPart('shell')]);
  return { Component: AppLayout };
};

/**
 * A signed-in screen, loaded with the part of the catalog that holds its texts (locales/catalog-parts.ts): the
 * fleet and its wall view find theirs in the shell's part, so they wait for nothing more; any other screen
 * needs the screens' part too (shell-catalog.test.ts checks each screen against the part named here).
 */
const signedInScreen = (part: SignedInPart, load: () => Promise<{ default: ComponentType }>) => async () => {
  const [{ default: Component }] = await Promise.all([load(), loadCatalogPart(part)]);
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
            {
              // The wall view stands outside the shell, yet needs the shell's part of the catalog as the fleet does.
              path: paths.machinesWall.path,
              lazy: signedInScreen('shell', () => import('./routes/app/machines-wall')),
            },
            {
              lazy: appLayout,
              children: [
                {
                  path: paths.dashboard.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/dashboard')),
                },
                {
                  path: paths.machines.path,
                  lazy: signedInScreen('shell', () => import('./routes/app/machines')),
                },
                {
                  path: paths.maintenance.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/maintenance')),
                },
                {
                  path: paths.tickets.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/tickets')),
                },
                {
                  path: paths.activity.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/activity')),
                },
                {
                  path: paths.machineActivity.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine-activity')),
                },
                {
                  path: paths.newTicket.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/new-ticket')),
                },
                {
                  path: paths.ticket.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/ticket')),
                },
                { path: paths.user.path, lazy: signedInScreen('screens', () => import('./routes/app/user')) },
                {
                  path: paths.business.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/business')),
                },
                {
                  path: paths.machine.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine')),
                },
                {
                  path: paths.machineGroup.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine-group-settings')),
                },
                {
                  path: paths.machineFiles.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine-files')),
                },
                {
                  path: paths.machineSettings.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine-group-settings')),
                },
                {
                  path: paths.machineStatistics.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine-statistics')),
                },
                {
                  path: paths.machineMaintenance.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/machine-maintenance')),
                },
                {
                  path: paths.library.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/library')),
                },
                {
                  path: paths.printQueue.path,
                  lazy: signedInScreen('screens', () => import('./routes/app/print-queue')),
                },
                {
                  element: <RequireCapability capability="fleetInsight" />,
                  children: [
                    {
                      path: paths.insight.path,
                      lazy: signedInScreen('screens', () => import('./routes/app/insight')),
                    },
                  ],
                },
                {
                  element: <RequireCapability capability="settings" />,
                  children: [
                    {
                      path: paths.settings.path,
                      lazy: signedInScreen('screens', () => import('./routes/app/settings')),
                    },
                    {
                      path: paths.computerController.path,
                      lazy: signedInScreen('screens', () => import('./routes/app/computer-controller')),
                    },
                  ],
                },
                { path: '*', lazy: signedInScreen('screens', () => import('./routes/app/not-found')) },
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
