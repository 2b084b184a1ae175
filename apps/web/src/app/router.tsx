import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { paths } from '../config/paths';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { GuestOnly, RequireAuth, RequireCapability } from './routes/guards';
import { LanguageRoot } from './routes/language-root';
import { DashboardRedirect, LanguageRedirect, SettingsTabRedirect, UserRedirect } from './routes/redirects';

/** Screens load on first visit; a route module's default export is its component. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

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
              children: [{ path: paths.login.path, lazy: screen(() => import('./routes/public/login')) }],
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { path: paths.dashboard.path, lazy: screen(() => import('./routes/app/dashboard')) },
                { path: paths.user.path, lazy: screen(() => import('./routes/app/user')) },
                { path: paths.business.path, lazy: screen(() => import('./routes/app/business')) },
                {
                  path: paths.machineGroup.path,
                  lazy: screen(() => import('./routes/app/machine-group-settings')),
                },
                {
                  path: paths.machineSettings.path,
                  lazy: screen(() => import('./routes/app/machine-group-settings')),
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
              ],
            },
          ],
        },
        { path: paths.roles.path, element: <SettingsTabRedirect tab="roles" /> },
        { path: paths.users.path, element: <SettingsTabRedirect tab="users" /> },
        { path: paths.usersUser.path, element: <UserRedirect /> },
        { path: '*', element: <DashboardRedirect /> },
      ],
    },
  ]);
}
