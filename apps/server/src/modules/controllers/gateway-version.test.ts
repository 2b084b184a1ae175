import { describe, expect, it } from 'vitest';
import { isOutdatedGateway } from './gateway-version.ts';

describe('an outdated gateway', () => {
  it.each([
    ['0.9.9', true],
    ['1.1.9', true],
    ['1.2.0-rc.1', true],
    ['1.2.0', false],
    ['1.2.1', false],
    ['1.10.0', false],
    ['2.0.0-beta.1', false],
    ['1.2.0+build.5', false],
  ])('%s against a minimum of 1.2.0: %s', (version, outdated) => {
    expect(isOutdatedGateway(version, '1.2.0')).toBe(outdated);
  });

  it('is any version that is no semantic version, but not a gateway that never reported one', () => {
    expect(isOutdatedGateway('v1.2', '1.2.0')).toBe(true);
    expect(isOutdatedGateway('latest', '1.2.0')).toBe(true);
    expect(isOutdatedGateway(null, '1.2.0')).toBe(false);
  });
});
