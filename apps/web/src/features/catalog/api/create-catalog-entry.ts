import { type Catalog, type CatalogEntry, type CatalogEntryBody, catalogEntrySchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { CATALOG_PATHS, catalogQueryKey } from './catalog-paths';

/** POST /api/v1/machines, /api/v1/boards or /api/v1/computers (administrators). */
export const createCatalogEntry = (catalog: Catalog, body: CatalogEntryBody): Promise<CatalogEntry> =>
  apiRequest(CATALOG_PATHS[catalog].list, catalogEntrySchema, { method: 'POST', body });

export function useCreateCatalogEntry(catalog: Catalog) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogEntryBody) => createCatalogEntry(catalog, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t(`hardware.catalog.toasts.${catalog}.created`) });
      await queryClient.invalidateQueries({ queryKey: catalogQueryKey(catalog) });
    },
  });
}
