import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PhoneChangeCodeSchema, ProfileFormSchema, ProfileSchema } from '#lib/schemas/account.ts';
import { MAX_UPLOAD_BYTES } from '#lib/uploads.ts';
import { AVATARS_FOLDER, confirmNewPhone, updateProfile } from '../services/account/profile.ts';
import { uploadStore } from '../uploads/upload-store.ts';
import { Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { documenter, media, ok, refused, retryLater } from './openapi/describe.ts';
import { User } from './openapi/shapes.ts';

const documented = documenter('Account');

/** POST /auth/updateProfile (JSON, or multipart with an `avatar` photo), POST /auth/verify-phone, avatar files. */
export const profileRoutes = new Hono<ApiEnv>()
  .post(
    '/auth/updateProfile',
    documented({
      summary: "Change the shopper's profile (JSON, or multipart with an avatar photo)",
      description:
        'Only what is sent changes. A new phone waits for its code (`pending_phone`); a new password needs the current one.',
      responses: {
        200: ok('Saved.', z.looseObject({ pending_phone: z.nullable(z.string()) })),
        413: refused('The photo is larger than 5 MB.'),
        422: refused('Invalid fields or photo, wrong current password.'),
        429: retryLater('Too many codes.'),
        503: retryLater('The SMS could not be sent, or the photo could not be stored (the store of uploads is down).'),
      },
    }),
    requireUser,
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: () => {
        throw new Problem(413, 'account.photoTooLarge');
      },
    }),
    // Each validator sees an empty object when the body is of the other kind, and every field is optional.
    validate('json', ProfileSchema),
    validate('form', ProfileFormSchema),
    async (c) => {
      const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
      const input = multipart ? c.req.valid('form') : c.req.valid('json');
      const file = multipart ? (await c.req.parseBody())['avatar'] : undefined;
      const photo = file instanceof File && file.size > 0 ? file : undefined;
      const result = await updateProfile(c.get('db'), c.get('locale'), c.get('userId'), c.get('sessionId'), input, photo);
      return c.json({
        data: { ...result.user, pending_phone: result.pendingPhone },
        message: c.get('t').account[result.outcome],
      });
    },
  )
  .post(
    '/auth/verify-phone',
    documented({
      summary: 'Confirm the new phone number with its code',
      responses: {
        200: ok('The shopper with the new number.', User),
        422: refused('Wrong or expired code.'),
        429: retryLater('Too many wrong codes.'),
      },
    }),
    requireUser,
    validate('json', PhoneChangeCodeSchema),
    async (c) => {
      const user = await confirmNewPhone(c.get('db'), c.get('userId'), c.req.valid('json').code);
      return c.json({ data: user, message: c.get('t').account.phoneChanged });
    },
  )
  .get(
    '/avatars/:file',
    documented({
      summary: 'A profile photo',
      tags: ['Media'],
      responses: {
        200: media('The photo.', 'image/*'),
        404: refused('No such photo.'),
        503: retryLater('The store of uploads cannot be reached.'),
      },
    }),
    async (c) => {
      const name = c.req.param('file');
      const match = /^[0-9a-f]{32}\.(jpg|png)$/.exec(name);
      if (!match) throw new Problem(404, 'api.notFound');
      const object = await uploadStore().get(`${AVATARS_FOLDER}${name}`);
      if (!object) throw new Problem(404, 'api.notFound');
      return c.body(object.body, 200, {
        'content-type': match[1] === 'png' ? 'image/png' : 'image/jpeg',
        'content-length': String(object.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
    },
  );
