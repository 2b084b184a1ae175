import { type Catalog, type CatalogEntry, type CatalogEntryBody, catalogEntrySchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { CATALOG_PATHS, catalogQueryKey } from './catalog-paths';

/** PUT /api/v1/machines/{id}, /api/v1/boards/{id} or /api/v1/computers/{id} (administrators). */
export const updateCatalogEntry = (
  catalog: Catalog,
  id: number,
  body: CatalogEntryBody,
): Promise<CatalogEntry> =>
  apiRequest(CATALOG_PATHS[catalog].update(id), catalogEntrySchema, { method: 'PUT', body });

export function useUpdateCatalogEntry(catalog: Catalog) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CatalogEntryBody }) =>
      updateCatalogEntry(catalog, id, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t(`hardware.catalog.toasts.${catalog}.updated`) });
      await queryClient.invalidateQueries({ queryKey: catalogQueryKey(catalog) });
    },
  });
}
