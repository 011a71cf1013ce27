import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { makeProduct, send } from '../support/orders.ts';
import { rate, shopperWithOrder } from '../support/reviews.ts';
import { makeStaff } from '../support/staff.ts';
import { makeShopper } from '../support/shoppers.ts';
import { signedPhotos } from '../../src/server/services/reviews/photo-links.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Photos in reviews (issue 52, item 1): up to three per review through the product image pipeline, each at most 5 MB
 * and read as a photo by its content; the review then waits for the desk with its photos, which the product page's
 * list shows only once it is approved. Refusals are the shop's localized problems, never a 5xx.
 */
const uploads = await mkdtemp(join(tmpdir(), 'review-photos-'));
const before = process.env['UPLOADS_DIR'];
process.env['UPLOADS_DIR'] = uploads;
const { api, db, json, close } = await testApi();
afterAll(async () => {
  await close();
  if (before === undefined) delete process.env['UPLOADS_DIR'];
  else process.env['UPLOADS_DIR'] = before;
  await rm(uploads, { recursive: true, force: true });
});

const moderator = await makeStaff(db, api, 'content');
const desk = (path: string, body?: unknown) =>
  json(`/api/admin${path}?lang=en`, send(body === undefined ? 'GET' : 'POST', { cookie: moderator.cookie }, body));

let shade = 0;
/** A JPEG of its own colour each time (photos are named by their content). */
const photo = async (width = 400, height = 300) => {
  shade += 1;
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: shade % 256, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], `cup-${shade}.jpg`);
};

async function upload(shopper: { headers: Record<string, string> }, productId: number, files: File[], lang = 'en') {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  const res = await api.request(`/api/products/${productId}/review/photos?lang=${lang}`, {
    method: 'POST',
    headers: shopper.headers,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const bare = (url: string) => url.split('?')[0]!;
const barePhoto = (p: { url: string }) => ({ ...p, url: bare(p.url) });

const publicList = async (productId: number) => (await json(`/api/products/${productId}/reviews?lang=en`)).body;

/** A buyer who rated the product 5 stars (approved at once). */
async function ratedBuyer() {
  const product = await makeProduct(db, { price: 10_000, stock: 100 });
  const buyer = await shopperWithOrder(db, json, product);
  expect((await rate(json, buyer, product, { rating: 5 })).body.data.status).toBe('approved');
  return { product, buyer };
}

describe('photos wait with the review and are shown once it is approved', () => {
  test('two photos: the review goes to the queue with them, out of the list until approved, then shown', async () => {
    const { product, buyer } = await ratedBuyer();
    expect((await publicList(product)).meta.total).toBe(1);
    const added = await upload(buyer, product, [await photo(), await photo(1600, 1200)]);
    expect(added.status).toBe(201);
    expect(added.body.data.status).toBe('pending');
    expect(added.body.data.photos).toHaveLength(2);
    // The author's links: the review's own photo route, signed for them (the photo is not public yet).
    for (const p of added.body.data.photos)
      expect(p.url).toMatch(/^\/api\/reviews\/\d+\/photos\/[0-9a-f]{24}-640\.webp\?exp=\d+&sig=[\w-]{43}$/);
    // The larger photo is stored at 640 px wide, its height in proportion.
    expect(added.body.data.photos[1]).toMatchObject({ width: 640, height: 480 });
    // Out of the product page's list (and its summary) while the desk has not decided.
    expect((await publicList(product)).meta.total).toBe(0);
    expect((await publicList(product)).meta.summary.count).toBe(0);

    const queued = (await desk('/reviews')).body.data.find((r: { product: { id: number } }) => r.product.id === product);
    expect(queued.photos.map((p: { url: string }) => p.url)).toEqual(
      added.body.data.photos.map((p: { url: string }) => bare(p.url)),
    );
    expect((await desk(`/reviews/${queued.id}/approve`, {})).status).toBe(200);

    const shown = await publicList(product);
    expect(shown.data[0].photos).toEqual(queued.photos);
    const image = await api.request(shown.data[0].photos[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  test('a rejected review’s photos are never shown; an edit keeps only the photos it names', async () => {
    const { product, buyer } = await ratedBuyer();
    const added = await upload(buyer, product, [await photo(), await photo()]);
    const [first, second] = added.body.data.photos;
    const queued = (await desk('/reviews')).body.data.find((r: { product: { id: number } }) => r.product.id === product);
    expect((await desk(`/reviews/${queued.id}/reject`, { reason: 'Not a photo of the coffee' })).status).toBe(200);
    expect((await publicList(product)).data).toEqual([]);

    const edited = await rate(json, buyer, product, { rating: 4, photos: [second.url] });
    expect(edited.body.data.status).toBe('pending');
    expect(edited.body.data.photos.map(barePhoto)).toEqual([barePhoto(second)]);
    expect(edited.body.data.photos.map(barePhoto)).not.toContainEqual(barePhoto(first));
    // Leaving `photos` out keeps them; naming none removes them, and a rating alone counts at once again.
    expect((await rate(json, buyer, product, { rating: 4 })).body.data.photos.map(barePhoto)).toEqual([barePhoto(second)]);
    const bare = await rate(json, buyer, product, { rating: 4, photos: [] });
    expect(bare.body.data).toMatchObject({ status: 'approved', photos: [] });
    expect((await publicList(product)).data[0].photos).toEqual([]);
  });
});

describe('refused with a clear message in the shopper’s language', () => {
  test('more than three photos in all: 422, in English and Arabic', async () => {
    const { product, buyer } = await ratedBuyer();
    const four = await upload(buyer, product, [await photo(), await photo(), await photo(), await photo()]);
    expect(four.status).toBe(422);
    expect(four.body.message).toBe('A review can have up to 3 photos: remove one before adding another.');
    expect((await upload(buyer, product, [await photo(), await photo()])).status).toBe(201);
    const more = await upload(buyer, product, [await photo(), await photo()], 'ar');
    expect(more.status).toBe(422);
    expect(more.body.message).toBe('يمكن أن يضم الرأي 3 صور على الأكثر: احذف صورة قبل إضافة أخرى.');
    expect((await upload(buyer, product, [await photo()])).status).toBe(201);
    expect((await upload(buyer, product, [await photo()])).status).toBe(422);
  });

  test('a photo over 5 MB: 413; not a photo (a PDF, an SVG, a broken JPEG): 415; none: 422', async () => {
    const { product, buyer } = await ratedBuyer();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg');
    const tooLarge = await upload(buyer, product, [big], 'ar');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('يجب ألا يزيد حجم كل صورة على 5 ميجابايت.');
    for (const notPhoto of [
      new File(['%PDF-1.4 not a photo'], 'menu.pdf'),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'x.svg'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], 'broken.jpg'),
    ]) {
      const refused = await upload(buyer, product, [notPhoto]);
      expect(refused.status, notPhoto.name).toBe(415);
      expect(refused.body.message).toBe('Photos must be JPG, PNG, WebP or AVIF pictures.');
    }
    const none = await upload(buyer, product, []);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Choose a photo to add.');
    // Nothing was added by the refusals: the review is still a published rating.
    expect((await json(`/api/products/${product}/review`, { headers: buyer.headers })).body.data.review).toMatchObject({
      status: 'approved',
      photos: [],
    });
  });

  test('no review yet: 409 (rate first); a guest: 401', async () => {
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    const buyer = await shopperWithOrder(db, json, product);
    const first = await upload(buyer, product, [await photo()]);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe('Send your rating first, then add photos to it.');
    const form = new FormData();
    form.append('file', await photo());
    expect((await api.request(`/api/products/${product}/review/photos`, { method: 'POST', body: form })).status).toBe(401);
  });
});

const support = await makeStaff(db, api, 'support');
const finance = await makeStaff(db, api, 'finance');
const other = await makeShopper(db);

describe('a photo of a review the desk has not approved is its author’s and the moderators’ alone', () => {
  /** The photo as each reader gets it: status code per reader. */
  async function readers(url: string, author: { headers: Record<string, string> }, signed: string) {
    const get = async (path: string, headers: Record<string, string> = {}) => (await api.request(path, { headers })).status;
    return {
      guest: await get(url),
      otherShopper: await get(url, other.headers),
      authorToken: await get(url, author.headers),
      authorLink: await get(signed),
      content: await get(url, { cookie: moderator.cookie }),
      support: await get(url, { cookie: support.cookie }),
      finance: await get(url, { cookie: finance.cookie }),
    };
  }
  const hidden = { guest: 404, otherShopper: 404, authorToken: 200, authorLink: 200, content: 200, support: 200, finance: 404 };
  const open = { guest: 200, otherShopper: 200, authorToken: 200, authorLink: 200, content: 200, support: 200, finance: 200 };
  const files = async (reviewId: number) => readdir(join(uploads, 'media', 'reviews', String(reviewId))).catch(() => []);

  test('pending, approved, reported, rejected, edited, deleted: who reads the photo at each step', async () => {
    const { product, buyer } = await ratedBuyer();
    const added = await upload(buyer, product, [await photo(), await photo()]);
    const [signed, signedSecond] = added.body.data.photos.map((p: { url: string }) => p.url);
    const url = bare(signed);
    const reviewId = Number(/\/api\/reviews\/(\d+)\//.exec(url)![1]);
    // Stored privately in the review's own folder, never among the products' public photos: 2 photos × 6 variants.
    expect(await files(reviewId)).toHaveLength(12);
    expect(await readdir(join(uploads, 'media', 'products')).catch(() => [])).toEqual([]);

    // Waiting for the desk.
    expect(await readers(url, buyer, signed)).toEqual(hidden);
    const pending = await api.request(signed);
    expect(pending.headers.get('cache-control')).toBe('private, no-store');
    expect(pending.headers.get('content-type')).toBe('image/webp');
    // Every variant of the photo, through the author's link for it; not another review's id, a forged or expired link.
    expect((await api.request(url.replace('-640.webp', '-320.avif') + signed.slice(url.length))).status).toBe(200);
    expect((await api.request(signed.replace(/sig=[\w-]{4}/, 'sig=AAAA'))).status).toBe(404);
    expect((await api.request(signed.replace(`/reviews/${reviewId}/`, `/reviews/${reviewId + 1}/`))).status).toBe(404);
    const [expired] = signedPhotos(reviewId, [{ url, width: 1, height: 1 }], Date.now() - 2 * 3600_000);
    expect((await api.request(expired!.url)).status).toBe(404);

    // Approved: anyone, revalidated at each use (a later rejection holds at once).
    const queued = (await desk('/reviews')).body.data.find((r: { id: number }) => r.id === reviewId);
    expect((await desk(`/reviews/${queued.id}/approve`, {})).status).toBe(200);
    expect(await readers(url, buyer, signed)).toEqual(open);
    const shown = await api.request(url);
    expect(shown.headers.get('cache-control')).toBe('public, no-cache');
    const etag = shown.headers.get('etag')!;
    expect((await api.request(url, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // Reported by another shopper: back to the queue, hidden again (a cached copy revalidates into a 404).
    const reported = await json(
      `/api/reviews/${reviewId}/report?lang=en`,
      send('POST', other.headers, { reason: 'Not this coffee' }),
    );
    expect(reported.status).toBe(201);
    expect(await readers(url, buyer, signed)).toEqual(hidden);
    expect((await api.request(url, { headers: { 'if-none-match': etag } })).status).toBe(404);

    // Rejected: still the author's (to mend it) and the desk's, nobody else's.
    expect((await desk(`/reviews/${reviewId}/reject`, { reason: 'Not a photo of the coffee' })).status).toBe(200);
    expect(await readers(url, buyer, signed)).toEqual(hidden);

    // An edit that drops the first photo: its variants leave the store and its URL answers 404 to everyone.
    const kept = await rate(json, buyer, product, { rating: 4, photos: [signedSecond] });
    expect(kept.body.data.photos).toHaveLength(1);
    expect(await files(reviewId)).toHaveLength(6);
    expect(await readers(url, buyer, signed)).toEqual({
      ...hidden,
      authorToken: 404,
      authorLink: 404,
      content: 404,
      support: 404,
    });

    // Deleted: gone for everyone, and from the store.
    const second = bare(signedSecond);
    expect((await json(`/api/products/${product}/review?lang=en`, send('DELETE', buyer.headers))).status).toBe(200);
    expect(await readers(second, buyer, signedSecond)).toEqual({
      guest: 404,
      otherShopper: 404,
      authorToken: 404,
      authorLink: 404,
      content: 404,
      support: 404,
      finance: 404,
    });
    expect(await files(reviewId)).toEqual([]);
  });

  test('names that are no review photo: 404, never a 5xx', async () => {
    for (const path of [
      '/api/reviews/0/photos/abc.webp',
      '/api/reviews/x/photos/0123456789abcdef01234567-640.webp',
      '/api/reviews/99999999/photos/0123456789abcdef01234567-640.webp',
      '/api/reviews/1/photos/..%2F..%2Fsecret-640.webp',
      '/api/reviews/1/photos/0123456789abcdef01234567-641.webp',
    ])
      expect((await api.request(path)).status, path).toBe(404);
  });
});
