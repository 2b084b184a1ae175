import { describe, expect, it } from 'vitest';
import { location, logIn } from './support/session.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

describe('the application shell', () => {
  it('takes a visitor from the home page through login to the dashboard', async () => {
    const page = await open();
    await page.goto('/');
    await page.waitForURL(/\/it$/);
    await page.getByRole('heading', { name: 'Dati in locale o dal cloud' }).waitFor();
    expect(await page.getByRole('link', { name: 'Contattaci' }).getAttribute('href')).toMatch(/^mailto:/);
    await page.getByRole('link', { name: 'Vai al pannello di controllo' }).click();
    await page.waitForURL(/\/it\/login$/);
    await page.getByLabel('Email').fill('customer@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.waitForURL(/\/it\/dashboard$/);
    await page.getByRole('heading', { name: 'Il tuo profilo' }).waitFor();
    await page.getByText('Carlo Cliente').first().waitFor();
    expect(await page.getByTestId('time-left').textContent()).toMatch(/^(59m \d\ds|1h 00m)$/);
    expect(await page.locator('footer').textContent()).toContain('30010');
  });

  it('shows a danger toast for a wrong password and stays on the login page', async () => {
    const page = await open();
    await page.goto('/it/login');
    await page.getByLabel('Email').fill('customer@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234!');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    const toast = page.getByTestId('toast-area').getByRole('alert');
    await toast.getByText('Email o password errati.').waitFor();
    expect(location(page)).toBe('/it/login');
  });

  it('starts dark and keeps the chosen theme across a reload', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    const theme = () => page.locator('html').getAttribute('data-bs-theme');
    expect(await theme()).toBe('dark');
    await page.getByRole('switch', { name: 'Tema scuro' }).click();
    expect(await theme()).toBe('light');
    await page.reload();
    await page.getByRole('heading', { name: 'Il tuo profilo' }).waitFor();
    expect(await theme()).toBe('light');
  });

  it('switches the language by reloading under the /en prefix', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    await page.getByRole('button', { name: 'Lingua' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForURL(/\/en\/dashboard$/);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto('/dashboard');
    await page.waitForURL(/\/en\/dashboard$/);
  });

  it('logs out from the user menu and forgets the session', async () => {
    const page = await open();
    await logIn(page, 'manager@demo.test');
    await page.getByRole('button', { name: /Marco Manager/ }).click();
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL(/\/it\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/it/dashboard');
    await page.waitForURL(/\/it\/login$/);
  });

  it('opens the own profile from the user menu', async () => {
    const page = await open();
    await logIn(page, 'tech@demo.test');
    await page.getByRole('button', { name: /Tiziana Tecnico/ }).click();
    await page.getByRole('link', { name: 'Profilo', exact: true }).click();
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
    await admin.getByTestId('sidebar').getByRole('link', { name: 'Impostazioni' }).click();
    await admin.waitForURL(/\/it\/settings/);
    await admin.getByRole('columnheader', { name: 'Amministratore' }).waitFor();
    await admin.goto('/it/roles');
    await admin.waitForURL(/\/it\/settings#roles$/);

    const customer = await open();
    await logIn(customer, 'customer@demo.test');
    expect(await customer.getByTestId('sidebar').getByRole('link', { name: 'Impostazioni' }).count()).toBe(0);
    await customer.goto('/it/settings');
    await customer.waitForURL(/\/it\/dashboard$/);
    await customer.goto('/it/no-such-page');
    await customer.waitForURL(/\/it\/dashboard$/);
  });

  it('collapses the side navigation to icons on a wide screen', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    const sidebar = page.getByTestId('sidebar');
    const wide = (await sidebar.boundingBox())?.width ?? 0;
    expect(wide).toBeGreaterThanOrEqual(256);
    await page.getByRole('button', { name: 'Comprimi navigazione' }).click();
    await page.getByRole('button', { name: 'Espandi navigazione' }).waitFor();
    expect((await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide);
  });

  it('slides the menu in on a phone-sized screen', async () => {
    const page = await open({ width: 390, height: 844 });
    await logIn(page, 'admin@demo.test');
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Apri menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Impostazioni' }).click();
    await page.waitForURL(/\/it\/settings/);
  });
});
