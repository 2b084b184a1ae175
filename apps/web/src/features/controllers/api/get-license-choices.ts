import { type License, licensePageSchema, PAGE_SIZE_MAX } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

/** The licences of the controller's business, with their controllers. */
export const getLicenseChoices = (business: number, signal?: AbortSignal): Promise<License[]> =>
  answer(
    api.GET('/api/v1/business/{id}/licenses', {
      params: { path: { id: business }, query: { include_computer: 'true', pageSize: PAGE_SIZE_MAX } },
      signal,
    }),
    licensePageSchema,
  ).then((page) => page.items);

export const licenseChoicesKey = ['controllers', 'licenses'] as const;

export const getLicenseChoicesQueryOptions = (business: number) =>
  queryOptions({
    queryKey: [...licenseChoicesKey, business],
    queryFn: ({ signal }) => getLicenseChoices(business, signal),
  });

/** The licences a controller of `business` may carry; disabled until the business is known. */
export function useLicenseChoices(business: number | undefined) {
  return useQuery({ ...getLicenseChoicesQueryOptions(business ?? 0), enabled: business !== undefined });
}

/**
 * The licence ids a controller may choose: those of its business bound to no other controller, and
 * always its current one (even when the list failed to load, so a save never drops it unasked).
 */
export function selectableLicenseIds(
  licenses: readonly License[],
  controller: { id: number; license: number | null },
): number[] {
  const free = licenses
    .filter((license) => license.computer === null || license.computer === controller.id)
    .map((license) => license.id);
  if (controller.license !== null && !free.includes(controller.license)) free.push(controller.license);
  return free.sort((a, b) => a - b);
}
