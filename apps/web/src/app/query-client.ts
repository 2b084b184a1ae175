import type { ErrorCode } from '@portal/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { logout } from '../features/auth/api/logout';
import { ApiError, SessionExpiredError } from '../lib/api-client';
import { formatErrorLines } from '../lib/error-message';
import { i18n, translateDeletionErrorCode, translateErrorCode, translateValidation } from '../lib/i18n';
import { sessionEndReasonOf } from '../lib/session-end';
import { showToast } from '../lib/toast-store';

/** What a query or mutation may tell the global error handling about itself. */
interface RequestMeta extends Record<string, unknown> {
  /** A login call: a 401 or 403 means refused credentials, shown as a toast, never a logout. */
  authRequest?: boolean;
  /** The caller copes with failure itself: no error toast. */
  silent?: boolean;
  /** Errors the caller's form shows beside its fields (lib/form-errors.ts showFieldErrors): no toast for them. */
  fieldErrors?: readonly ErrorCode[];
  /** A deletion: its 409 says that something still uses what was to be deleted (`errors.conflictOnDelete`). */
  deletion?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * The one place where failed calls become logouts or error toasts (docs/product.md §8). A logout
 * shows no toast: the login page says why the session ended.
 */
function handleError(error: unknown, meta: RequestMeta | undefined): void {
  const endReason = sessionEndReasonOf(error, meta?.authRequest === true);
  if (endReason) {
    logout(endReason);
    return;
  }
  if (meta?.silent) return;
  if (error instanceof ApiError && error.code && meta?.fieldErrors?.includes(error.code)) return;
  const translateCode = meta?.deletion ? translateDeletionErrorCode : translateErrorCode;
  const lines =
    error instanceof ApiError ? formatErrorLines(error.body, translateCode, translateValidation) : null;
  showToast({
    type: 'danger',
    header: i18n.t('toast.error'),
    body: lines ? lines.join('\n') : i18n.t('toast.undefinedError'),
  });
}

/** Client errors will not change on a retry; server and network errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof SessionExpiredError) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
