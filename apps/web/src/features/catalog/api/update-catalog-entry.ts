import { type Catalog, type CatalogEntry, type CatalogEntryBody, catalogEntrySchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { CATALOG_CALLS, catalogQueryKey } from './catalog-calls';

/** Administrators only. */
export const updateCatalogEntry = (
  catalog: Catalog,
  id: number,
  body: CatalogEntryBody,
): Promise<CatalogEntry> => answer(CATALOG_CALLS[catalog].update(id, body), catalogEntrySchema);

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
