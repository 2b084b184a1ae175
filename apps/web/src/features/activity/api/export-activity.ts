import type { ActivityQuery } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { saveText } from '../../../lib/save-text';

/** GET /api/v1/activity/export.csv with the list's filters, saved as a file. */
export async function exportActivity(query: ActivityQuery, fileName: string): Promise<void> {
  const { page: _page, pageSize: _size, ...filters } = query;
  const csv = await apiBlob(`/api/v1/activity/export.csv${queryString(filters)}`);
  saveText(await csv.text(), fileName, 'text/csv;charset=utf-8');
}

export function useExportActivity() {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: ActivityQuery; fileName: string }) =>
      exportActivity(query, fileName),
  });
}
