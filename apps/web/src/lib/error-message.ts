/** Looks up the translation of an error code; undefined when the catalog has none. */
export type TranslateCode = (code: string) => string | undefined;

/** Translates what a VALIDATION_FAILED answer says per field: its stable codes and its name. */
export interface FieldTranslator {
  /** The message of a stable validation code ('required' -> 'Campo obbligatorio'); undefined when unknown. */
  message: TranslateCode;
  /** The label of a field ('surname' -> 'Cognome'); undefined when unknown. */
  label: TranslateCode;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );

/** The field's codes in the user's language (each once), or null when one of them has no translation. */
function translatedMessages(codes: unknown, translator: FieldTranslator): string[] | null {
  const list = strings(codes);
  const texts = list.map(translator.message);
  if (list.length === 0 || texts.some((text) => text === undefined)) return null;
  return [...new Set(texts as string[])];
}

function fieldLine(
  field: string,
  messages: unknown,
  codes: unknown,
  translator?: FieldTranslator,
): string | null {
  const translated = translator ? translatedMessages(codes, translator) : null;
  const texts = translated ?? strings(messages);
  if (texts.length === 0) return null;
  return `${translator?.label(field) ?? field}: ${texts.join('; ')}`;
}

/**
 * The lines of the error toast for an error answer body (docs/product.md §8): a string message
 * (or the translation of its code), or one line per field with its messages joined by '; '. With a
 * `translator`, a field whose stable codes (`fields`) all have translations shows those, under its
 * translated label, so a user never reads the server's English. Returns null when nothing can be shown,
 * for the caller's 'Undefined error has occurred'.
 */
export function formatErrorLines(
  body: unknown,
  translateCode: TranslateCode,
  translator?: FieldTranslator,
): string[] | null {
  if (!isRecord(body)) return null;
  const { code, message } = body;
  if (typeof message === 'string') {
    const translated = typeof code === 'string' ? translateCode(code) : undefined;
    if (translated) return [translated];
    return message === '' ? null : [message];
  }
  if (isRecord(message)) {
    const codes = isRecord(body.fields) ? body.fields : {};
    const lines = Object.entries(message)
      .map(([field, messages]) => fieldLine(field, messages, codes[field], translator))
      .filter((line): line is string => line !== null);
    return lines.length > 0 ? lines : null;
  }
  return null;
}
