import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { publishIfDue } from '../../src/desk/content/server/schedule.ts';
import { startPublish } from '../../src/desk/content/server/releases.ts';
import { usePublishRunner, type PublishJob, type PublishOutcome } from '../../src/desk/content/server/publish-runner.ts';
import { advertisements, shippingSteps, slides } from '../../src/server/services/home/home-data.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);
const editor = await makeStaff(db, api, 'content');
const support = await makeStaff(db, api, 'support');

const send = (method: string, path: string, body?: unknown, cookie = editor.cookie, lang = 'en-US') =>
  json(`/api/admin${path}?lang=${lang}`, body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, cookie));

/** Stands in for `npm run publish` (API tests build nothing): records each job, answers with `outcome`. */
function fakePublish(outcome: PublishOutcome = { ok: true, buildId: 'b1', message: 'Published' }) {
  const jobs: PublishJob[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let hold = false;
  const restore = usePublishRunner(async (job) => {
    jobs.push(job);
    await job.onStage('building');
    if (hold) await held;
    return outcome;
  });
  return { jobs, restore, holdUntilReleased: () => (hold = true), release: () => release() };
}
let restoreRunner: (() => void) | undefined;
afterEach(() => restoreRunner?.());

const article = (title_ar = 'الحليب المثالي') => ({
  en: {
    data: {
      title: 'The perfect milk',
      description: 'Steaming milk for a flat white.',
      date: '2026-11-20',
      author: 'Mona',
      cover: 'milk-30-1',
      coverAlt: 'A jug',
      tags: 'milk\nlatte art',
    },
    body: '## Start cold\n\nUse **cold** milk.\n\n- a jug\n- a thermometer',
  },
  ar: {
    data: { title: title_ar, description: 'تبخير الحليب لفلات وايت.', author: 'منى', coverAlt: 'إبريق' },
    body: '## ابدأ باردًا\n\nاستخدم حليبًا **باردًا**.',
  },
});

/** An offer in both languages, valid between two days, with an English text of its own. */
const offerContent = (validFrom: string, validUntil: string, body: string) => ({
  en: {
    data: {
      title: 'Offer',
      description: 'An offer',
      validFrom,
      validUntil,
      link: '/products',
      image: 'offer-20-0',
      imageAlt: 'Beans',
    },
    body,
  },
  ar: { data: { title: 'عرض', description: 'عرض خاص', imageAlt: 'بن' }, body: 'عرض.' },
});

const settled = async (id: number) => {
  await expect.poll(async () => (await send('GET', `/content/releases/${id}`)).body.data.status).not.toBe('building');
  return (await send('GET', `/content/releases/${id}`)).body.data;
};

describe('the editors’ desk', () => {
  test('a draft is saved as typed and read back; a save over a newer copy is refused, not lost', async () => {
    const created = await send('PUT', '/content/articles/perfect-milk', { content: article(), was: null });
    expect(created.status).toBe(200);
    const read = await send('GET', '/content/articles/perfect-milk');
    expect(read.body.data).toMatchObject({ slug: 'perfect-milk', state: 'draft', draft: article() });
    const stamp = read.body.data.updatedAt as string;
    expect((await send('PUT', '/content/articles/perfect-milk', { content: article('الحليب'), was: stamp })).status).toBe(200);
    const stale = await send('PUT', '/content/articles/perfect-milk', { content: article('قديم'), was: stamp });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone saved this entry/);
    expect((await send('GET', '/content/articles/perfect-milk')).body.data.draft.ar.data.title).toBe('الحليب');
    expect((await send('GET', '/content/articles')).body.data.map((e: { slug: string }) => e.slug)).toContain('perfect-milk');
  });

  test('an entry with its Arabic title left empty is refused before publishing, the field named in the editor’s language', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    const broken = article('');
    await send('PUT', '/content/articles/empty-arabic', { content: broken, was: null });
    const en = await send('POST', '/content/articles/empty-arabic/approve', { publish: true });
    expect(en.status).toBe(422);
    expect(en.body.message).toBe('This entry cannot be published yet: fix the fields marked below.');
    expect(en.body.errors).toEqual({ 'ar.title': ['Required.'] });
    const ar = await send('POST', '/content/articles/empty-arabic/approve', { publish: true }, editor.cookie, 'ar-SA');
    expect(ar.body.errors).toEqual({ 'ar.title': ['مطلوب.'] });
    expect(runner.jobs).toHaveLength(0);
    expect(await db.selectFrom('content_revisions').selectAll().execute()).toHaveLength(0);
  });

  test('raw HTML and an offer ending before it starts are refused by field', async () => {
    const offer = offerContent('2026-12-10', '2026-12-01', '<script>x</script>');
    await send('PUT', '/content/offers/eid-html', { content: offer, was: null });
    const res = await send('POST', '/content/offers/eid-html/approve', {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      validUntil: ['Ends before it starts.'],
      'en.body': [expect.stringMatching(/HTML is not allowed/)],
    });
    // A coupon code the shop does not have would fail the build: refused beside the field.
    const withCode = offerContent('2026-12-01', '2026-12-10', 'Text.');
    await send('PUT', '/content/offers/no-such-code', {
      content: { ...withCode, en: { ...withCode.en, data: { ...withCode.en.data, code: 'NOPE99' } } },
      was: null,
    });
    const coded = await send('POST', '/content/offers/no-such-code/approve', {});
    expect(coded.status).toBe(422);
    expect(coded.body.errors).toEqual({ 'en.code': [expect.stringMatching(/no coupon with this code/)] });
  });

  test('approve and publish: the release builds the entry, goes live, and every step is in the audit trail', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    await send('PUT', '/content/articles/publish-me', { content: article(), was: null });
    const res = await send('POST', '/content/articles/publish-me/approve', { publish: true });
    expect(res.status).toBe(201);
    const release = await settled(res.body.data.release.id);
    expect(release).toMatchObject({ status: 'live', entries: 1, message: 'Published' });
    expect(runner.jobs[0]!.release).toBe(release.id);
    expect((await send('GET', '/content/articles/publish-me')).body.data.state).toBe('live');
    // Edited after publishing: the site keeps the approved version until the next approval.
    const { updatedAt } = (await send('GET', '/content/articles/publish-me')).body.data;
    await send('PUT', '/content/articles/publish-me', { content: article('تعديل'), was: updatedAt });
    expect((await send('GET', '/content/articles/publish-me')).body.data.state).toBe('changed');
    const actions = (await db.selectFrom('audit_log').select(['action', 'staff_email']).orderBy('id').execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['content.approve', 'site.publish', 'site.published']));
  });

  test('one publish at a time: a second is refused while the first builds', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    runner.holdUntilReleased();
    const first = await send('POST', '/content/publish');
    expect(first.status).toBe(202);
    const second = await send('POST', '/content/publish');
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already running/);
    // Approving with "publish now" meanwhile approves and says the entry waits for the next publish.
    await send('PUT', '/content/articles/while-running', { content: article(), was: null });
    const approved = await send('POST', '/content/articles/while-running/approve', { publish: true });
    expect(approved.status).toBe(201);
    expect(approved.body.data).toMatchObject({ release: null, waiting: true });
    runner.release();
    expect((await settled(first.body.data.id)).status).toBe('live');
  });

  test('a failed publish leaves the entry waiting in the desk and says why', async () => {
    const runner = fakePublish({ ok: false, message: 'NOT PUBLISHED — the build failed its checks.' });
    restoreRunner = runner.restore;
    await send('PUT', '/content/articles/will-fail', { content: article(), was: null });
    const res = await send('POST', '/content/articles/will-fail/approve', { publish: true });
    const release = await settled(res.body.data.release.id);
    expect(release).toMatchObject({ status: 'failed', message: expect.stringMatching(/NOT PUBLISHED/) });
    const entry = (await send('GET', '/content/articles/will-fail')).body.data;
    expect(entry.state).toBe('draft');
    expect(entry.revisions[0].withdrawnAt).not.toBeNull();
  });

  test('roll back: the last release is taken back and its new entry returns to the desk as a draft', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    await send('PUT', '/content/articles/roll-me-back', { content: article(), was: null });
    const res = await send('POST', '/content/articles/roll-me-back/approve', { publish: true });
    await settled(res.body.data.release.id);
    const back = await send('POST', '/content/rollback');
    expect(back.status).toBe(200);
    expect(runner.jobs.at(-1)).toMatchObject({ rollback: true });
    expect((await send('GET', `/content/releases/${res.body.data.release.id}`)).body.data.status).toBe('rolled_back');
    expect((await send('GET', '/content/articles/roll-me-back')).body.data.state).toBe('draft');
    // What was live before that release stays live.
    expect((await send('GET', '/content/articles/publish-me')).body.data.revisions.some((r: { live: boolean }) => r.live)).toBe(
      true,
    );
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'staff_email'])
      .where('action', '=', 'site.rollback')
      .execute();
    expect(audit).toEqual([{ action: 'site.rollback', staff_email: editor.email }]);
  });

  test('a scheduled offer goes live at its time and leaves the listings after its last day, on its own (clock moved)', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    const offer = offerContent('2027-02-08', '2027-02-10', 'Ramadan **kareem**.');
    await send('PUT', '/content/offers/ramadan', { content: offer, was: null });
    // Midnight in Cairo on the first day (22:00 UTC the evening before).
    const res = await send('POST', '/content/offers/ramadan/approve', { publishAt: '2027-02-08T00:00:00+02:00' });
    expect(res.status).toBe(201);
    expect((await send('GET', '/content/offers/ramadan')).body.data.state).toBe('scheduled');
    const started = '2027-02-07T12:00:00.000Z';
    expect(await publishIfDue(db, '2027-02-07T21:59:00.000Z', started)).toBeNull();
    const live = await publishIfDue(db, '2027-02-07T22:00:30.000Z', started);
    expect(live).not.toBeNull();
    expect((await settled(live!.id)).status).toBe('live');
    expect(runner.jobs.at(-1)!.now).toBe('2027-02-07T22:00:30.000Z');
    expect((await send('GET', '/content/offers/ramadan')).body.data.state).toBe('live');
    // Nothing new in the next minutes: no publish.
    expect(await publishIfDue(db, '2027-02-08T10:00:00.000Z', started)).toBeNull();
    // The day after its last day begins: a publish on its own takes it off the listings (judged at that instant).
    const ended = await publishIfDue(db, '2027-02-11T00:00:30.000Z', started);
    expect(ended).not.toBeNull();
    await settled(ended!.id);
    expect(runner.jobs.at(-1)!.now).toBe('2027-02-11T00:00:30.000Z');
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'staff_email'])
      .where('action', '=', 'site.publish')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.staff_email).toBe('cli');
  });

  test('no content role, no desk: a support member and a shopper without staff session are refused', async () => {
    expect((await send('GET', '/content/articles', undefined, support.cookie)).status).toBe(403);
    expect((await send('POST', '/content/publish', undefined, support.cookie)).status).toBe(403);
    expect((await send('GET', '/content/articles', undefined, '')).status).toBe(401);
  });
});

describe('every approved version is kept', () => {
  test('an earlier version goes back in the draft, audited; the site keeps the live one until published', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    await send('PUT', '/content/articles/versions', { content: article('الأولى'), was: null });
    await send('POST', '/content/articles/versions/approve', {});
    let entry = (await send('GET', '/content/articles/versions')).body.data;
    await send('PUT', '/content/articles/versions', { content: article('الثانية'), was: entry.updatedAt });
    await send('POST', '/content/articles/versions/approve', {});
    entry = (await send('GET', '/content/articles/versions')).body.data;
    const first = entry.revisions.at(-1).id as number;
    expect(entry.revisions).toHaveLength(2);
    const restored = await send('POST', `/content/articles/versions/revisions/${first}/restore`);
    expect(restored.status).toBe(200);
    entry = (await send('GET', '/content/articles/versions')).body.data;
    expect(entry.draft.ar.data.title).toBe('الأولى');
    expect(entry.state).toBe('changed');
    expect((await send('POST', '/content/articles/other/revisions/999999/restore')).status).toBe(404);
    const audit = await db.selectFrom('audit_log').select('action').where('subject_id', '=', 'articles/versions').execute();
    expect(audit.map((a) => a.action)).toEqual(['content.approve', 'content.approve', 'content.restore']);
  });
});

test('an offer boundary whose publish failed is not retried every minute', async () => {
  const runner = fakePublish({ ok: false, message: 'NOT PUBLISHED — SITE_URL is not set.' });
  restoreRunner = runner.restore;
  const started = '2030-01-01T00:00:00.000Z';
  // A due revision fails to publish once; the next minute does not try again (its revisions were withdrawn).
  const offer = offerContent('2030-03-01', '2030-03-02', 'Soon.');
  await send('PUT', '/content/offers/later', { content: offer, was: null });
  await send('POST', '/content/offers/later/approve', { publishAt: '2030-03-01T00:00:00+02:00' });
  const failed = await publishIfDue(db, '2030-02-28T22:00:30.000Z', started);
  expect((await settled(failed!.id)).status).toBe('failed');
  expect(await publishIfDue(db, '2030-02-28T22:01:30.000Z', started)).toBeNull();
  expect(await publishIfDue(db, '2030-03-03T00:00:00.000Z', started)).toBeNull();
  expect(runner.jobs).toHaveLength(1);
});

test('two instances on the clock publish a due entry once, even when the first publish is over before the second acts', async () => {
  const runner = fakePublish();
  restoreRunner = runner.restore;
  const started = '2031-01-01T00:00:00.000Z';
  await send('PUT', '/content/offers/once', { content: offerContent('2031-03-01', '2031-03-02', 'Once.'), was: null });
  await send('POST', '/content/offers/once/approve', { publishAt: '2031-03-01T00:00:00+02:00' });
  // The interleaving of two instances' publishIfDue, step by step (the window is between two of its statements):
  // instance B looked at 22:00:10 and found the offer due, nothing published since it started (`since` = started);
  // instance A looked at 22:00:20, published, and its publish is over; only then does B take the publish lock.
  const first = await publishIfDue(db, '2031-02-28T22:00:20.000Z', started);
  expect((await settled(first!.id)).status).toBe('live');
  await expect(startPublish(db, null, '2031-02-28T22:00:10.000Z', started)).rejects.toMatchObject({ status: 409 });
  expect(runner.jobs).toHaveLength(1);
  // A look after both finds nothing new.
  expect(await publishIfDue(db, '2031-02-28T22:01:10.000Z', started)).toBeNull();
});

describe("the home page's slides, advertisements and shipping steps", () => {
  test('the shipped defaults all pass their schema, in both languages', async () => {
    for (const lang of ['en-US', 'ar-SA']) {
      expect((await json(`/api/sliders?lang=${lang}`)).body.data).toHaveLength(slides.length);
      expect((await json(`/api/advertisements?lang=${lang}`)).body.data).toHaveLength(advertisements.length);
      expect((await json(`/api/shipping-steps?lang=${lang}`)).body.data).toHaveLength(shippingSteps.length);
    }
  });

  test('a slide edited and one added in the desk are what the API serves once published, in their order', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    const slide = (order: string, en: string, ar: string) => ({
      en: { data: { title: en, text: `${en}.`, art: 'bag-28-0', alt: en, cta: 'Shop', link: '/products', order }, body: '' },
      ar: { data: { title: ar, text: `${ar}.`, alt: ar, cta: 'تسوّق' }, body: '' },
    });
    await send('PUT', '/content/slides/slide-1', { content: slide('1', 'Ramadan roasts', 'محمصات رمضان'), was: null });
    await send('PUT', '/content/slides/slide-9', { content: slide('0', 'First of all', 'أولًا'), was: null });
    await send('POST', '/content/slides/slide-1/approve', {});
    const res = await send('POST', '/content/slides/slide-9/approve', { publish: true });
    await settled(res.body.data.release.id);
    const arabic = (await json('/api/sliders?lang=ar-SA')).body.data as { id: number; title: string }[];
    expect(arabic.map((s) => s.title)).toEqual(['أولًا', 'محمصات رمضان', ...slides.slice(1).map((s) => s.title.ar)]);
    expect(arabic.map((s) => s.id)).toEqual(arabic.map((_, i) => i + 1));
  });
});

describe('taking an entry off the site', () => {
  test('a published entry is removed with the next publish, audited; publishing it again brings it back', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    await send('PUT', '/content/articles/short-lived', { content: article(), was: null });
    await settled((await send('POST', '/content/articles/short-lived/approve', { publish: true })).body.data.release.id);
    const removed = await send('POST', '/content/articles/short-lived/remove', { content: article() });
    expect(removed.status).toBe(201);
    const release = await settled(removed.body.data.release.id);
    expect(release.status).toBe('live');
    expect((await send('GET', '/content/articles/short-lived')).body.data.state).toBe('removed');
    // The build's loader reads the removal as `null` for this entry.
    const { releaseEntries, liveSnapshot } = await import('../../src/server/services/content/desk-snapshots.ts');
    const live = await releaseEntries(db, await liveSnapshot(db));
    expect(live.find((e) => e.slug === 'short-lived')?.content).toBeNull();
    await send('POST', '/content/articles/short-lived/approve', { publish: true });
    await expect.poll(async () => (await send('GET', '/content/articles/short-lived')).body.data.state).toBe('live');
    const audit = await db.selectFrom('audit_log').select('action').where('subject_id', '=', 'articles/short-lived').execute();
    expect(audit.map((a) => a.action)).toEqual(['content.approve', 'content.remove', 'content.approve']);
  });

  test('a file-written entry (or a shipped home slide) taken off: the home page API leaves it out', async () => {
    const runner = fakePublish();
    restoreRunner = runner.restore;
    const before = (await json('/api/sliders?lang=en-US')).body.data as { title: string }[];
    expect(before.map((s) => s.title)).toContain(slides[1]!.title.en);
    const res = await send('POST', '/content/slides/slide-2/remove', {
      content: { en: { data: {}, body: '' }, ar: { data: {}, body: '' } },
    });
    await settled(res.body.data.release.id);
    const after = (await json('/api/sliders?lang=en-US')).body.data as { title: string }[];
    expect(after.map((s) => s.title)).not.toContain(slides[1]!.title.en);
    expect(after).toHaveLength(before.length - 1);
  });
});
