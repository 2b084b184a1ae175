import { DEFAULT_OPERATOR_BUSINESS, type OperatorBusiness } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, publicApi } from '../../../lib/api/client';
import { loadSchemas } from '../../../lib/load-schemas';

/** Public: the footer's address and the home page's contact mail. */
export async function getOperator(signal?: AbortSignal): Promise<OperatorBusiness> {
  // The public pages' footer: its schema is loaded on demand (load-schemas.ts).
  const { operatorBusinessSchema } = await loadSchemas();
  return answer(publicApi.GET('/api/v1/operator', { signal }), operatorBusinessSchema);
}

export const operatorQueryOptions = () =>
  queryOptions({
    queryKey: ['operator'],
    queryFn: ({ signal }) => getOperator(signal),
    // The operator record changes almost never.
    staleTime: 60 * 60 * 1000,
    // The built-in record stands in when the call fails, so a failure is not worth an error toast.
    meta: { silent: true },
  });

/** The operator business, or the built-in record until (or unless) the server answers. */
export function useOperator(): OperatorBusiness {
  const { data } = useQuery(operatorQueryOptions());
  return data ?? DEFAULT_OPERATOR_BUSINESS;
}
