import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_COMPANY_DOCUMENTS, MAX_UPLOAD_BYTES } from '#lib/uploads.ts';
import { Problem, type ProblemCode } from '../problem.ts';
import type { ApiEnv } from './context.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest body any route takes: a partner application with every file at its limit, plus room for the text
 * fields. Upload routes set their own, smaller limit on top (a photo: 5 MB, a CSV: 10 MB).
 */
export const MAX_PARTNER_APPLICATION_BYTES = MAX_UPLOAD_BYTES * (2 + MAX_COMPANY_DOCUMENTS) + 256 * KiB;

/**
 * What a provider's server posts to us, sized by what a genuine one sends (issue 49): Meta batches several
 * WhatsApp events in one post (a few KB each); a payment provider's callback and a courier's notice are one object.
 * Anything larger is refused while it arrives, before its signature is checked or a byte is parsed.
 */
const PROVIDER_POSTS: readonly { path: RegExp; maxSize: number }[] = [
  { path: /^\/api\/whatsapp\/webhook\/?$/, maxSize: 256 * KiB },
  { path: /^\/api\/payments\/[^/]+\/callback\/?$/, maxSize: 64 * KiB },
  { path: /^\/api\/couriers\/[^/]+\/webhook\/?$/, maxSize: 64 * KiB },
];

/** Any other JSON, form or text body: the largest is an article written in both languages (2 × 200,000 characters). */
const OTHER_BODY = 2 * MiB;

/** How many bytes a request's body may have, by its route and its kind, and what a larger one is told. */
export function bodyLimitOf(path: string, contentType: string | undefined): { maxSize: number; code: ProblemCode } {
  const provider = PROVIDER_POSTS.find((p) => p.path.test(path));
  if (provider) return { maxSize: provider.maxSize, code: 'api.bodyTooLarge' };
  // Files: each has the same 5 MB limit, which is what the uploader needs to hear.
  if (/^multipart\/form-data/i.test(contentType ?? '')) return { maxSize: MAX_PARTNER_APPLICATION_BYTES, code: 'forms.tooLarge' };
  return { maxSize: OTHER_BODY, code: 'api.bodyTooLarge' };
}

/**
 * One rule for every body (issue 49): a limit per route, checked while the body arrives (a declared length at once,
 * a chunked body as it comes), answered 413 in the error model before any route reads, verifies or parses it. The
 * connection is closed with the answer, so the rest of a huge body is not received for nothing.
 */
export const limitBodies: MiddlewareHandler<ApiEnv> = (c, next) => {
  const { maxSize, code } = bodyLimitOf(c.req.path, c.req.header('content-type'));
  return bodyLimit({
    maxSize,
    onError: () => {
      c.header('connection', 'close');
      throw new Problem(413, code);
    },
  })(c, next);
};
