import type { licenseListQuerySchema } from '@portal/contract';
import type { z } from 'zod';

/** What a page of licences is asked for; what is left out takes the server's default. */
export type LicensesQuery = Partial<z.output<typeof licenseListQuerySchema>>;

/** Every licence query starts with this key, so one invalidation refreshes lists and single licences. */
export const LICENSES_KEY = ['licenses'] as const;
