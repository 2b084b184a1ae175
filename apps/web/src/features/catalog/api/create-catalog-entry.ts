import { type Catalog, type CatalogEntry, type CatalogEntryBody, catalogEntrySchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { CATALOG_CALLS, catalogQueryKey } from './catalog-calls';

/** Administrators only. */
export const createCatalogEntry = (catalog: Catalog, body: CatalogEntryBody): Promise<CatalogEntry> =>
  answer(CATALOG_CALLS[catalog].create(body), catalogEntrySchema);

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
