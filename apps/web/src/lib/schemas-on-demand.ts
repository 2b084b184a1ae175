/**
 * The schemas the public pages validate with (and the resolver the login form applies them with), in a chunk of their own: `loadSchemas()` loads it (and zod,
 * about 25 KiB gzip) on first use, so the login page's first load carries no zod. Import them only through
 * `loadSchemas`; a static import here would pull zod back onto the login page.
 */

// The form resolver of the login form and the session popup, which only ever runs with these schemas.
export { zodResolver } from '@hookform/resolvers/zod';
export {
  loginBodySchema,
  loginResponseSchema,
  operatorBusinessSchema,
  sessionClaimsSchema,
} from '@portal/contract';
export { loginStateSchema } from './login-state-schema';
