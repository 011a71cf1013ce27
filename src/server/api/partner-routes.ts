import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PartnerApplicationSchema } from '#lib/schemas/partner.ts';
import { MAX_PARTNER_APPLICATION_BYTES } from './body-limits.ts';
import { enforceLimits } from '../auth/rate-limit.ts';
import { Problem } from '../problem.ts';
import { createPartnerApplication } from '../services/partners.ts';
import { withinUploadQuota } from '../uploads/quota.ts';
import { clientAddress } from './session-cookie.ts';
import type { ApiEnv } from './context.ts';
import { readPartnerFiles } from './partner-files.ts';
import { validate } from './validation.ts';
import { log } from '../observability/logger.ts';
import * as z from 'zod/mini';
import { documented, ok, refused, retryLater } from './openapi/describe.ts';

// Every file at its limit plus room for the text fields: anything larger cannot be a valid application,
// so it is refused while streaming, before it is read into memory.
const MAX_BODY = MAX_PARTNER_APPLICATION_BYTES;

/** POST /partner-applications (multipart): text fields, contract, tax_card and company_documents. */
export const partnerRoutes = new Hono<ApiEnv>().post(
  '/partner-applications',
  documented({
    summary: 'Apply to sell on the marketplace (multipart, with the contract, tax card and company documents)',
    description: 'Files: jpg, png or pdf by content, 5 MB each. 5 applications an hour per client address.',
    tags: ['Partners'],
    responses: {
      201: ok('Received; the receipt names the application.', z.looseObject({})),
      413: refused('The body is larger than any valid application.'),
      415: refused('Not multipart/form-data.'),
      422: refused('Invalid fields or files (`errors` per field).'),
      429: retryLater('Too many applications from this address.'),
      503: retryLater('Applications are paused (the uploads quota is full).'),
    },
  }), // Before the body is read (up to 35 MB): per address, and only while the uploads stay within their quota.
  async (c, next) => {
    await enforceLimits(c.get('db'), [['partnerAddress', clientAddress(c)]]);
    const declared = Number(c.req.header('content-length') ?? MAX_BODY);
    if (!(await withinUploadQuota(c.get('db'), Math.min(declared, MAX_BODY)))) {
      log().error('partner applications refused: the uploads quota (UPLOADS_QUOTA_MB) is full');
      throw new Problem(503, 'account.applicationsPaused', { retryAfter: 3600 });
    }
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw new Problem(415, 'forms.partnerFailure');
    await next();
  },
  bodyLimit({
    maxSize: MAX_BODY,
    onError: () => {
      throw new Problem(413, 'forms.tooLarge');
    },
  }),
  // The text fields; a body that claims to be multipart but does not parse is a 400 (the client's fault), not a 500.
  validate('form', PartnerApplicationSchema),
  async (c) => {
    const files = await readPartnerFiles(await c.req.parseBody({ all: true }));
    const firstFile = Object.values(files.errors)[0]?.[0];
    // A file problem is what the applicant must fix first, so it leads the message (e.g. the 5 MB text).
    if (firstFile) throw new Problem(422, typeof firstFile === 'string' ? firstFile : firstFile.code, { fields: files.errors });
    const receipt = await createPartnerApplication(c.get('db'), c.req.valid('form'), files.uploads, c.get('locale'));
    return c.json({ data: receipt, message: c.get('t').forms.partner.successTitle }, 201);
  },
);
