/**
 * The schemas the public pages validate with, in a chunk of their own: `loadSchemas()` loads it (and zod,
 * about 25 KiB gzip) on first use, so the login page's first load carries no zod. Import them only through
 * `loadSchemas`; a static import here would pull zod back onto the login page. The login form's resolver is
 * apart (`loadResolver`): a signed-in page reads its stored session with these schemas and has no use for the
 * form library the resolver brings.
 */
export {
  loginAnswerSchema,
  loginBodySchema,
  loginResponseSchema,
  operatorBusinessSchema,
  sessionClaimsSchema,
  twoFactorLoginResponseSchema,
  twoFactorSetupSchema,
} from '@portal/contract';
export { loginStateSchema } from './login-state-schema';
