import { documented, type ResponseDoc } from '#server/api/openapi/describe.ts';

/**
 * The seller routes' documentation: `const documented = sellerDocumenter('Seller catalog')`, then the desk's answer
 * helpers (done, missing, stale). The guard (requireSeller) adds the seller cookie, the 401 and the 403 with the
 * permission (src/server/api/openapi/document.ts).
 */
export const sellerDocumenter =
  (tag: string) => (summary: string, responses: Record<number, ResponseDoc>, description?: string) =>
    documented({ summary, tags: [tag], responses, ...(description ? { description } : {}) });
