/** Looks up the translation of an error code; undefined when the catalog has none. */
export type TranslateCode = (code: string) => string | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldLine(field: string, messages: unknown): string | null {
  const list = Array.isArray(messages) ? messages : [messages];
  const texts = list.filter((message): message is string => typeof message === 'string' && message !== '');
  return texts.length > 0 ? `${field}: ${texts.join('; ')}` : null;
}

/**
 * The lines of the error toast for an error answer body (specification section 8): a string message
 * (or the translation of its code), or one line per field with its messages joined by '; '.
 * Returns null when nothing can be shown, for the caller's 'Undefined error has occurred'.
 */
export function formatErrorLines(body: unknown, translateCode: TranslateCode): string[] | null {
  if (!isRecord(body)) return null;
  const { code, message } = body;
  if (typeof message === 'string') {
    const translated = typeof code === 'string' ? translateCode(code) : undefined;
    if (translated) return [translated];
    return message === '' ? null : [message];
  }
  if (isRecord(message)) {
    const lines = Object.entries(message)
      .map(([field, messages]) => fieldLine(field, messages))
      .filter((line): line is string => line !== null);
    return lines.length > 0 ? lines : null;
  }
  return null;
}
