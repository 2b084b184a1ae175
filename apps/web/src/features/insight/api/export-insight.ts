import type { FleetInsightQuery } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answerBlob, api, asBytes } from '../../../lib/api/client';
import { saveText } from '../../../lib/save-text';

/** The file a period's export is saved as (the server's own name for it). */
export const insightFileName = (from: string, to: string) => `fleet-insight-${from}-${to}.csv`;

/** The CSV of the screen's period and filters, saved as a file. */
export async function exportInsight(query: FleetInsightQuery & { from: string; to: string }): Promise<void> {
  const csv = await answerBlob(api.GET('/api/v1/insight/export.csv', { params: { query }, ...asBytes }));
  saveText(await csv.text(), insightFileName(query.from, query.to), 'text/csv;charset=utf-8');
}

export function useExportInsight() {
  return useMutation({ mutationFn: exportInsight });
}
