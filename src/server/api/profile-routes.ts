import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PhoneChangeCodeSchema, ProfileSchema } from '../../lib/schemas/account.ts';
import { MAX_UPLOAD_BYTES } from '../../lib/uploads.ts';
import { avatarsDir, confirmNewPhone, updateProfile } from '../services/account/profile.ts';
import type { ApiEnv } from './context.ts';
import { ApiError, errorBody } from './errors.ts';
import { requireUser } from './require-user.ts';
import { fieldMessages, validate } from './validation.ts';

/** POST /auth/updateProfile (JSON, or multipart with an `avatar` photo), POST /auth/verify-phone, avatar files. */
export const profileRoutes = new Hono<ApiEnv>()
  .post(
    '/auth/updateProfile',
    requireUser,
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: (c) => c.json(errorBody(c.get('t').account.photoTooLarge), 413),
    }),
    async (c) => {
      const t = c.get('t');
      const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
      let raw: Record<string, unknown>;
      let photo: File | undefined;
      if (multipart) {
        const body = await c.req.parseBody().catch(() => {
          throw new ApiError(400, t.validation.malformedBody);
        });
        const file = body['avatar'];
        photo = file instanceof File && file.size > 0 ? file : undefined;
        // Empty text fields mean "unchanged".
        raw = Object.fromEntries(Object.entries(body).filter(([k, v]) => k !== 'avatar' && typeof v === 'string' && v !== ''));
      } else {
        raw = (await c.req.json().catch(() => {
          throw new ApiError(400, t.validation.malformedBody);
        })) as Record<string, unknown>;
      }
      const parsed = ProfileSchema.safeParse(raw, { reportInput: true });
      if (!parsed.success) return c.json(errorBody(t.validation.failed, fieldMessages(parsed.error.issues, t)), 422);
      const result = await updateProfile(c.get('db'), t, c.get('userId'), c.get('sessionId'), parsed.data, photo);
      return c.json({ data: { ...result.user, pending_phone: result.pendingPhone }, message: result.message });
    },
  )
  .post('/auth/verify-phone', requireUser, validate('json', PhoneChangeCodeSchema), async (c) => {
    const t = c.get('t');
    const user = await confirmNewPhone(c.get('db'), t, c.get('userId'), c.req.valid('json').code);
    return c.json({ data: user, message: t.account.phoneChanged });
  })
  .get('/avatars/:file', async (c) => {
    const name = c.req.param('file');
    const match = /^[0-9a-f]{32}\.(jpg|png)$/.exec(name);
    if (!match) throw new ApiError(404, c.get('t').api.notFound);
    const bytes = await readFile(join(avatarsDir(), name)).catch(() => null);
    if (!bytes) throw new ApiError(404, c.get('t').api.notFound);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': match[1] === 'png' ? 'image/png' : 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });
