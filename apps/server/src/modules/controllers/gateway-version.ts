import { MINIMUM_GATEWAY_VERSION } from '@portal/contract';
import semver from 'semver';

/**
 * Whether a gateway reporting `version` is older than the portal supports (docs/design.md §5c), compared as semantic
 * versions (a pre-release comes before its release). A version that is no semantic version cannot be vouched for
 * and counts as outdated; none at all (no gateway has connected yet) does not.
 */
export function isOutdatedGateway(version: string | null, minimum = MINIMUM_GATEWAY_VERSION): boolean {
  if (version === null) return false;
  return semver.valid(version) === null || semver.lt(version, minimum);
}
