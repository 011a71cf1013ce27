import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PartnerApplicationSchema } from '../../lib/schemas/partner.ts';
import { MAX_COMPANY_DOCUMENTS, MAX_UPLOAD_BYTES } from '../../lib/uploads.ts';
import { enforceLimits } from '../auth/rate-limit.ts';
import { createPartnerApplication } from '../services/partners.ts';
import { withinUploadQuota } from '../uploads/quota.ts';
import { clientAddress } from './session-cookie.ts';
import type { ApiEnv } from './context.ts';
import { ApiError, errorBody } from './errors.ts';
import { readPartnerFiles } from './partner-files.ts';
import { fieldMessages } from './validation.ts';

// Every file at its limit plus room for the text fields: anything larger cannot be a valid application,
// so it is refused while streaming, before it is read into memory.
const MAX_BODY = MAX_UPLOAD_BYTES * (2 + MAX_COMPANY_DOCUMENTS) + 256 * 1024;

/** POST /partner-applications (multipart): text fields, contract, tax_card and company_documents. */
export const partnerRoutes = new Hono<ApiEnv>().post(
  '/partner-applications',
  // Before the body is read (up to 35 MB): per address, and only while the uploads stay within their quota.
  async (c, next) => {
    const t = c.get('t');
    await enforceLimits(c.get('db'), t, [['partnerAddress', clientAddress(c)]]);
    const declared = Number(c.req.header('content-length') ?? MAX_BODY);
    if (!(await withinUploadQuota(c.get('db'), Math.min(declared, MAX_BODY)))) {
      console.error('[uploads] partner applications refused: the uploads quota (UPLOADS_QUOTA_MB) is full');
      throw new ApiError(503, t.account.applicationsPaused, {}, 3600);
    }
    await next();
  },
  bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.json(errorBody(c.get('t').forms.partner.tooLarge), 413) }),
  async (c) => {
    const t = c.get('t');
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
      throw new ApiError(415, t.forms.partner.failure);
    }
    // A body that claims to be multipart but does not parse is the client's fault: 400, not 500.
    const body = await c.req.parseBody({ all: true }).catch(() => {
      throw new ApiError(400, t.validation.malformedBody);
    });
    const text = PartnerApplicationSchema.safeParse(
      Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : undefined])),
    );
    const files = await readPartnerFiles(body, t);
    const errors = { ...(text.success ? {} : fieldMessages(text.error.issues, t)), ...files.errors };
    if (!text.success || Object.keys(files.errors).length > 0) {
      // A file problem is what the applicant must fix first, so it leads the message (e.g. the 5 MB text).
      const lead = Object.values(files.errors)[0]?.[0] ?? t.validation.failed;
      return c.json(errorBody(lead, errors), 422);
    }
    const receipt = await createPartnerApplication(c.get('db'), text.data, files.uploads, c.get('locale'));
    return c.json({ data: receipt, message: t.forms.partner.successTitle }, 201);
  },
);
