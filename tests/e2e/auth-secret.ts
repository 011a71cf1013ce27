/** The token key shared by the journeys' server and the journeys themselves (tests/e2e/login.ts). Never used elsewhere. */
export const E2E_AUTH_TOKEN_SECRET = 'e2e-only-token-secret-not-for-production-use';
