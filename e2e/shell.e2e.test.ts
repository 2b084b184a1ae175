import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, logIn, submitLogin } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { watchRawKeys } from './support/raw-keys.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

/** What has the keyboard focus: its tag, id and text, for readable assertions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName.toLowerCase(), id: element?.id, text: element?.textContent?.trim() };
  });

/** Whether the element's text takes one line: its height is at most one and a half line heights. */
const isOneLine = (element: Locator) =>
  element.evaluate((node) => {
    const lineHeight = Number.parseFloat(getComputedStyle(node).lineHeight);
    return node.getBoundingClientRect().height <= lineHeight * 1.5;
  });

describe('the application shell', () => {
  it.each(['dark', 'light'])(
    'passes the accessibility check on every screen in the %s theme',
    async (theme) => {
      const page = await open();
      await page.goto('/it');
      await page.getByRole('heading', { name: t('home.points.data.title') }).waitFor();
      if (theme === 'light') await page.getByRole('switch', { name: t('theme.dark') }).click();
      expect(await page.locator('html').getAttribute('data-bs-theme')).toBe(theme);
      await expectAccessible(page, `home, ${theme}`);

      // The language selector is a native select: its options are the browser's, checked with the page.
      const languages = page.getByRole('combobox', { name: t('language.label') });
      expect(await languages.inputValue()).toBe('it');
      expect(await languages.locator('option').allTextContents()).toEqual(['Italiano', 'English']);

      await page.getByRole('link', { name: t('home.controlPanel') }).click();
      await page.getByLabel(t('login.email')).waitFor();
      await expectAccessible(page, `login, ${theme}`);

      await submitLogin(page, 'admin@demo.test');
      await page.getByRole('heading', { name: t('dashboard.profile.title') }).waitFor();
      await page.getByText('admin@demo.test').waitFor();
      await expectAccessible(page, `dashboard, ${theme}`);

      await page.getByRole('button', { name: /Alessia Amministratori/ }).click();
      await page.getByRole('button', { name: t('userMenu.logout') }).waitFor();
      await expectAccessible(page, `user menu, ${theme}`);

      await page.getByRole('link', { name: t('userMenu.profile'), exact: true }).click();
      await page.getByRole('heading', { name: 'Alessia Amministratori' }).waitFor();
      await expectAccessible(page, `user page, ${theme}`);

      await page
        .getByTestId('sidebar')
        .getByRole('link', { name: t('nav.settings') })
        .click();
      await page.getByRole('columnheader', { name: t('roles.Administrator') }).waitFor();
      await expectAccessible(page, `settings, roles tab, ${theme}`);

      await page
        .getByTestId('sidebar')
        .getByRole('link', { name: t('nav.dashboard') })
        .click();
      await page.getByRole('heading', { name: t('dashboard.profile.title') }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: t('nav.open') }).click();
      await page
        .getByRole('dialog')
        .getByRole('link', { name: t('nav.settings') })
        .waitFor();
      await expectAccessible(page, `phone menu, ${theme}`);
    },
  );

  it('takes a visitor from the home page through login to the dashboard', async () => {
    const page = await open();
    // The login page loads only the public part of the catalog: no screen may show a key meanwhile.
    const rawKeys = await watchRawKeys(page);
    await page.goto('/');
    await page.waitForURL(/\/it$/);
    await page.getByRole('heading', { name: t('home.points.data.title') }).waitFor();
    expect(await page.getByRole('link', { name: t('home.contact') }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    await page.getByRole('link', { name: t('home.controlPanel') }).click();
    await page.waitForURL(/\/it\/login$/);
    await submitLogin(page, 'customer@demo.test');
    await page.waitForURL(/\/it\/dashboard$/);
    await page.getByRole('heading', { name: t('dashboard.profile.title') }).waitFor();
    await page.getByText('Carlo Cliente').first().waitFor();
    expect(await page.getByTestId('time-left').textContent()).toMatch(/^(59m \d\ds|1h 00m)$/);
    expect(await page.locator('footer').textContent()).toContain('30010');
    expect(await rawKeys()).toEqual([]);
    // A signed-in screen opened from its address loads its texts before it shows too.
    await page.goto('/it/tickets');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await rawKeys()).toEqual([]);
  });

  it('offers a skip link first, and starts keyboard users at the content after login and each page change', async () => {
    const page = await open();
    await page.goto('/it/login');
    await page.getByLabel(t('login.email')).waitFor();
    // A page loaded from its address keeps the browser's own starting point.
    expect((await focused(page)).tag).toBe('body');

    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Vai al contenuto principale' });
    expect(await page.getByRole('link', { name: t('nav.skipToContent') }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });
    expect(location(page)).toBe('/it/login');

    await submitLogin(page, 'admin@demo.test');
    await page.getByRole('heading', { name: t('dashboard.profile.title') }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });

    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: t('nav.settings') })
      .click();
    await page.getByRole('columnheader', { name: t('roles.Administrator') }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });

    // The app layout has its own skip link, first again.
    await page.reload();
    await page.getByRole('columnheader', { name: t('roles.Administrator') }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Vai al contenuto principale' });
  });

  it('draws a clearly visible focus ring on the navigation links', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.getByRole('heading', { name: t('dashboard.profile.title') }).waitFor();
    const link = page.getByTestId('sidebar').getByRole('link', { name: t('nav.dashboard') });
    // Focus starts in the main region after login; the navigation comes before it, an administrator's eight links
    // and the controls around them (a bound on the presses, not a count of them).
    const isFocused = () => link.evaluate((node) => node === document.activeElement);
    for (let presses = 0; presses < 20 && !(await isFocused()); presses++) {
      await page.keyboard.press('Shift+Tab');
    }
    const ring = await link.evaluate((node) => {
      const style = getComputedStyle(node);
      return {
        focused: node === document.activeElement,
        style: style.outlineStyle,
        width: style.outlineWidth,
      };
    });
    expect(ring).toEqual({ focused: true, style: 'solid', width: '3px' });
  });

  it('shows a danger toast for a wrong password and stays on the login page', async () => {
    const page = await open();
    await page.goto('/it/login');
    await page.getByLabel(t('login.email')).fill('customer@demo.test');
    await page.getByLabel(t('login.password'), { exact: true }).fill('Wrong1234!');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    const toast = page.getByTestId('toast-area').getByRole('alert');
    await toast.getByText(t('errors.INVALID_CREDENTIALS')).waitFor();
    expect(location(page)).toBe('/it/login');
    await expectAccessible(page, 'login with an error toast');
  });

  it('starts dark and keeps the chosen theme across a reload', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    const theme = () => page.locator('html').getAttribute('data-bs-theme');
    expect(await theme()).toBe('dark');
    await page.getByRole('switch', { name: t('theme.dark') }).click();
    expect(await theme()).toBe('light');
    await page.reload();
    await page.getByRole('heading', { name: t('dashboard.profile.title') }).waitFor();
    expect(await theme()).toBe('light');
  });

  it('serves each page in its language and theme before the app starts', async () => {
    const page = await open();
    const raw = await (await page.request.get('/en/login')).text();
    expect(raw).toMatch(/<html lang="en"[ >]/);

    await page.goto('/it/login');
    await page.getByRole('switch', { name: t('theme.dark') }).click();
    // Without the app's code only the page as served and public/theme-init.js can set these.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto('/en/login');
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
  });

  it('switches the language by reloading under the /en prefix', async () => {
    const page = await open();
    await page.goto('/it/login');
    // A slow device widens the moment between the address changing and the new screen showing.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await submitLogin(page, 'customer@demo.test');
    await page.waitForURL(/\/it\/dashboard$/);
    // Once the signed-in shell shows under the dashboard's address, the login page (and its language selector,
    // which would change the language of the page being left) is gone.
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByRole('button', { name: t('login.submit'), exact: true }).count()).toBe(0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    await page.getByRole('combobox', { name: t('language.label') }).selectOption('English');
    await page.waitForURL(/\/en\/dashboard$/);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expectAccessible(page, 'dashboard in English');
    await page.goto('/dashboard');
    await page.waitForURL(/\/en\/dashboard$/);
  });

  it('logs out from the user menu and forgets the session', async () => {
    const page = await open();
    await logIn(page, 'manager@demo.test');
    await page.getByRole('button', { name: /Marco Manager/ }).click();
    await page.getByRole('button', { name: t('userMenu.logout') }).click();
    await page.waitForURL(/\/it\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/it/dashboard');
    await page.waitForURL(/\/it\/login$/);
  });

  it('opens the own profile from the user menu', async () => {
    const page = await open();
    await logIn(page, 'tech@demo.test');
    await page.getByRole('button', { name: /Tiziana Tecnico/ }).click();
    await page.getByRole('link', { name: t('userMenu.profile'), exact: true }).click();
    await page.waitForURL(/\/it\/settings\/users\/\d+/);
    await page.getByText('tech@demo.test').first().waitFor();
    await page.getByText('Officine Adriatiche S.p.A.').waitFor();
  });

  it('sends the user to /login when the server answers 401', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    // A token the server never signed, with a future expiry: the client accepts it, the server does not.
    await page.evaluate(() => {
      const stored = localStorage.getItem('token') ?? '';
      const [header, payload] = stored.split('.');
      localStorage.setItem('token', `${header}.${payload}.forged-signature`);
    });
    await page.reload();
    await page.waitForURL(/\/it\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows Settings to administrators only, and redirects the old /roles address', async () => {
    const admin = await open();
    await logIn(admin, 'admin@demo.test');
    await admin
      .getByTestId('sidebar')
      .getByRole('link', { name: t('nav.settings') })
      .click();
    await admin.waitForURL(/\/it\/settings/);
    await admin.getByRole('columnheader', { name: t('roles.Administrator') }).waitFor();
    await admin.goto('/it/roles');
    await admin.waitForURL(/\/it\/settings#roles$/);

    const customer = await open();
    await logIn(customer, 'customer@demo.test');
    expect(
      await customer
        .getByTestId('sidebar')
        .getByRole('link', { name: t('nav.settings') })
        .count(),
    ).toBe(0);
    await customer.goto('/it/settings');
    await customer.waitForURL(/\/it\/dashboard$/);
  });

  it('answers an unknown address with a page that says so and leads back to the dashboard', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    await page.goto('/it/no-such-page');
    await page.getByRole('heading', { name: t('notFound.title') }).waitFor();
    expect(page.url()).toMatch(/\/it\/no-such-page$/);
    await expectAccessible(page, 'the page of an unknown address');
    await page.getByRole('link', { name: t('notFound.toDashboard') }).click();
    await page.waitForURL(/\/it\/dashboard$/);

    await page.goto('/en/machines/nowhere/else');
    await page.getByRole('heading', { name: tEn('notFound.title') }).waitFor();
  });

  it('collapses the side navigation to icons on a wide screen', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    const sidebar = page.getByTestId('sidebar');
    const wide = (await sidebar.boundingBox())?.width ?? 0;
    expect(wide).toBeGreaterThanOrEqual(256);
    await page.getByRole('button', { name: t('nav.collapse') }).click();
    await page.getByRole('button', { name: t('nav.expand') }).waitFor();
    expect((await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide);
    await expectAccessible(page, 'dashboard with the navigation collapsed');
  });

  it('lays the profile card out without broken labels or emails on a laptop and a tablet', async () => {
    const page = await open({ width: 1366, height: 768 });
    await logIn(page, 'customer@demo.test');
    const card = page.locator('.card', {
      has: page.getByRole('heading', { name: t('dashboard.profile.title') }),
    });
    const email = card.getByText('customer@demo.test');
    await email.waitFor();
    const labels = await card.locator('dt').all();
    expect(labels).toHaveLength(4);
    for (const label of labels) expect(await isOneLine(label), await label.innerText()).toBe(true);
    expect(await isOneLine(email)).toBe(true);
    expect((await page.getByTestId('sidebar').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(256);

    await page.setViewportSize({ width: 768, height: 1024 });
    // On a tablet the navigation keeps to icons by itself, and there is nothing to expand.
    await page.getByRole('button', { name: t('nav.collapse') }).waitFor({ state: 'detached' });
    expect((await page.getByTestId('sidebar').boundingBox())?.width ?? 1000).toBeLessThan(100);
    for (const label of labels) expect(await isOneLine(label), await label.innerText()).toBe(true);
    await expectAccessible(page, 'dashboard on a tablet');
  });

  it('slides the menu in on a phone-sized screen', async () => {
    const page = await open({ width: 390, height: 844 });
    await logIn(page, 'admin@demo.test');
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: t('nav.open') });
    const menu = page.getByRole('dialog');

    // Closed without choosing, the menu gives the focus back to its button.
    await menuButton.click();
    await menu.getByRole('link', { name: t('nav.settings') }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await menuButton.evaluate((node) => node === document.activeElement)).toBe(true);

    // Following a link, the focus goes to the new page's content and stays there.
    await menuButton.click();
    await menu.getByRole('link', { name: t('nav.settings') }).click();
    await page.waitForURL(/\/it\/settings/);
    await menu.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });
    // The roles table scrolls sideways on a phone: its scroll area is reachable by keyboard.
    await page.getByRole('columnheader', { name: t('roles.Administrator') }).waitFor();
    await expectAccessible(page, 'settings, roles tab, phone');
  });
});
