import { ERROR_CODES, QUEUE_RUN_FAILURES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import it_ from './it.json';

/** Every leaf key of a catalog, dotted ('nav.dashboard'). */
function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

function leafValues(node: unknown): unknown[] {
  if (typeof node !== 'object' || node === null) return [node];
  return Object.values(node).flatMap(leafValues);
}

describe('translation catalogs', () => {
  it('have exactly the same keys in Italian and English', () => {
    expect(leafKeys(it_).sort()).toEqual(leafKeys(en).sort());
  });

  it('hold only non-empty strings', () => {
    for (const catalog of [it_, en]) {
      for (const value of leafValues(catalog)) {
        expect(typeof value).toBe('string');
        expect(value).not.toBe('');
      }
    }
  });

  it('translate every error code of the contract', () => {
    for (const catalog of [it_, en]) {
      const keys = new Set(leafKeys(catalog));
      for (const code of ERROR_CODES) expect(keys, `errors.${code}`).toContain(`errors.${code}`);
    }
  });

  it("word every reason of the contract a queued copy's run fails for", () => {
    for (const catalog of [it_, en]) {
      const keys = new Set(leafKeys(catalog));
      for (const reason of QUEUE_RUN_FAILURES) {
        expect(keys, `printQueue.runs.reasons.${reason}`).toContain(`printQueue.runs.reasons.${reason}`);
      }
    }
  });

  it('keep the texts docs/product.md gives', () => {
    expect(en.toast.error).toBe('Error');
    expect(en.toast.undefinedError).toBe('Undefined error has occurred');
    expect(en.common.close).toBe('Close');
    expect(it_.common.close).toBe('Chiudi');
    expect(it_.common.loading).toBe('Caricamento...');
  });

  it('write the noun "licence" in English, but for the two toasts docs/product.md §8 quotes as they are', () => {
    const quoted = new Set([en.licenses.toast.created, en.licenses.toast.updated]);
    expect([...quoted]).toEqual(['License created correctly', 'License updated correctly']);
    const american = leafValues(en).filter(
      (value) => typeof value === 'string' && /\blicenses?\b/i.test(value) && !quoted.has(value),
    );
    expect(american).toEqual([]);
  });
});
