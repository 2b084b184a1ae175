import type { Catalog } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { CATALOG_CALLS, catalogQueryKey } from './catalog-calls';

/**
 * Administrators only. A type in use answers 409, which the central error toast explains as a deletion's.
 */
export const deleteCatalogEntry = (catalog: Catalog, id: number): Promise<void> =>
  answer(CATALOG_CALLS[catalog].remove(id), null);

export function useDeleteCatalogEntry(catalog: Catalog) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCatalogEntry(catalog, id),
    meta: { deletion: true },
    onSuccess: async () => {
      showToast({ type: 'success', body: t(`hardware.catalog.toasts.${catalog}.deleted`) });
      await queryClient.invalidateQueries({ queryKey: catalogQueryKey(catalog) });
    },
  });
}
