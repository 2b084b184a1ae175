import type { ActivityQuery } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answerBlob, api, asBytes } from '../../../lib/api/client';
import { saveText } from '../../../lib/save-text';

/** The record with the list's filters as CSV, saved as a file. */
export async function exportActivity(query: ActivityQuery, fileName: string): Promise<void> {
  const { page: _page, pageSize: _size, ...filters } = query;
  const csv = await answerBlob(
    api.GET('/api/v1/activity/export.csv', { params: { query: filters }, ...asBytes }),
  );
  saveText(await csv.text(), fileName, 'text/csv;charset=utf-8');
}

export function useExportActivity() {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: ActivityQuery; fileName: string }) =>
      exportActivity(query, fileName),
  });
}
