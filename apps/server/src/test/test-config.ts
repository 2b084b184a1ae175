import type { AppConfig } from '../shared/module.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!';

/** The application settings of API tests: argon2id at its cheapest, since tests hash a lot. */
export const TEST_CONFIG: AppConfig = {
  jwtSecret: TEST_JWT_SECRET,
  sessionTtlSeconds: 3600,
  trustProxy: false,
  webDist: undefined,
  passwordHashing: { memoryCost: 1024, timeCost: 2 },
};
