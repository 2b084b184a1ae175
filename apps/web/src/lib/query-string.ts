/** A value a query string can carry; undefined leaves the parameter out. */
type QueryValue = string | number | boolean | undefined;

/**
 * The query string of a call (`?page=2&sort=name`), or '' when every value is undefined. Parameters
 * keep the order of the object's keys, so equal queries give equal URLs.
 */
export function queryString(query: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
