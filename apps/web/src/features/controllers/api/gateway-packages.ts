import { type GatewayPackages, gatewayPackagesSchema } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, answerBlob, api, asBytes } from '../../../lib/api/client';
import { controllersKey } from './controller-keys';

/** The gateway's packages the portal offers (administrators). */
export const getGatewayPackages = (signal?: AbortSignal): Promise<GatewayPackages> =>
  answer(api.GET('/api/v1/gateway/packages', { signal }), gatewayPackagesSchema);

export function useGatewayPackages() {
  return useQuery({
    queryKey: [...controllersKey, 'gateway-packages'],
    queryFn: ({ signal }) => getGatewayPackages(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** How long a downloaded package's object URL is kept: enough for the browser to have read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Downloads one package through the API (it needs the session) and hands it to the browser as a file. */
export async function downloadGatewayPackage(file: string): Promise<void> {
  const bytes = await answerBlob(
    api.GET('/api/v1/gateway/packages/{file}', { params: { path: { file } }, ...asBytes }),
  );
  const url = URL.createObjectURL(bytes);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

export const useDownloadGatewayPackage = () => useMutation({ mutationFn: downloadGatewayPackage });
