/** The token signing key shared by the e2e server (playwright.config.ts) and the login helper. Test-only. */
export const E2E_TOKEN_SECRET = 'e2e-only-signing-key-not-a-secret-0123456789';
