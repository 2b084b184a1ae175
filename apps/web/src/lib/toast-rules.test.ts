import { TOAST_DEFAULT_DELAY_MS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createToast, normalizeDelay, sameToastShown } from './toast-rules';

describe('normalizeDelay', () => {
  it('defaults to 5000 ms', () => {
    expect(TOAST_DEFAULT_DELAY_MS).toBe(5000);
    expect(normalizeDelay(undefined)).toBe(5000);
  });

  it('resets a negative delay to 5000 ms', () => {
    expect(normalizeDelay(-1)).toBe(5000);
    expect(normalizeDelay(-10_000)).toBe(5000);
  });

  it('resets a delay that is not a finite number', () => {
    expect(normalizeDelay(Number.NaN)).toBe(5000);
    expect(normalizeDelay(Number.POSITIVE_INFINITY)).toBe(5000);
  });

  it('keeps zero and positive delays', () => {
    expect(normalizeDelay(0)).toBe(0);
    expect(normalizeDelay(1500)).toBe(1500);
  });
});

describe('createToast', () => {
  it('fills every field but the body with a default', () => {
    expect(createToast('t1', { body: 'Saved' })).toEqual({
      id: 't1',
      header: '',
      body: 'Saved',
      type: 'info',
      autohide: true,
      delay: 5000,
    });
  });

  it('keeps what the caller gives and normalises the delay', () => {
    expect(
      createToast('t2', { header: 'Error', body: 'Boom', type: 'danger', autohide: false, delay: -3 }),
    ).toEqual({ id: 't2', header: 'Error', body: 'Boom', type: 'danger', autohide: false, delay: 5000 });
  });
});

describe('a toast with a way onward', () => {
  it('keeps its link, and has none unless given one', () => {
    const link = { href: '/en/machines/3', label: 'Go to Prusa' };
    expect(createToast('t2', { body: 'Print sent', link }).link).toEqual(link);
    expect('link' in createToast('t3', { body: 'Saved' })).toBe(false);
  });
});

describe('sameToastShown', () => {
  const error = createToast('t1', { type: 'danger', header: 'Error', body: 'Not found.' });
  it('finds a toast saying the same', () => {
    expect(
      sameToastShown([error], createToast('t2', { type: 'danger', header: 'Error', body: 'Not found.' })),
    ).toBe(error);
  });
  it('tells apart another body, header or type', () => {
    expect(
      sameToastShown([error], createToast('t2', { type: 'danger', header: 'Error', body: 'Other.' })),
    ).toBe(undefined);
    expect(
      sameToastShown([error], createToast('t2', { type: 'danger', header: '', body: 'Not found.' })),
    ).toBe(undefined);
    expect(
      sameToastShown([error], createToast('t2', { type: 'warning', header: 'Error', body: 'Not found.' })),
    ).toBe(undefined);
  });
});
