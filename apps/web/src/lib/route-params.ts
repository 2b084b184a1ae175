import { idParamsSchema } from '@portal/contract';

/** A positive integer id from a route parameter, or null when the parameter cannot be one. */
export function parseId(value: string | undefined): number | null {
  const parsed = idParamsSchema.safeParse({ id: value });
  return parsed.success ? parsed.data.id : null;
}
