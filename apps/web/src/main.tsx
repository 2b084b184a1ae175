import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouter } from './app/router';
import { detectLanguage } from './lib/detect-language';
import { initI18n } from './lib/i18n';
import { languageOfPath } from './lib/language';
import { registerServiceWorkerWhenStable } from './lib/service-worker';
import { restoreSession } from './lib/session-store';

/**
 * The language and the stored session are settled before the first render (the theme even earlier, by
 * public/theme-init.js). The router is made as soon as the language is chosen: making it starts loading the first
 * screen's modules and its part of the catalog, beside the language's public part and the stored session's check
 * rather than after them (lib/i18n.ts holds a part asked for meanwhile until the language is set up). Awaited in a
 * function, not at the module's top level: top-level await turns off the bundler's chunk optimizations, which
 * leaves dozens of tiny shared chunks for each page to fetch (docs/benchmarks.md, `bench:web`).
 */
async function start() {
  const language = languageOfPath(window.location.pathname) ?? detectLanguage();
  const sessionRestored = restoreSession();
  const languageReady = initI18n(language);
  const router = createRouter();
  await Promise.all([languageReady, sessionRestored]);
  document.documentElement.lang = language;

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // Production builds only: the service worker that shows push notifications.
  registerServiceWorkerWhenStable();
}

void start();
