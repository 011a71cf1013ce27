import AxeBuilder from '@axe-core/playwright';
import { HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures.ts';

/**
 * Every template, in both languages: the HTML the server sends passes a maintained validator (html-validate,
 * its "standard" rules: errors, not style), and the page in the browser passes axe with the WCAG 2.2 AA tags.
 * One page load serves both checks; axe runs at a desktop and at a phone width. (This replaces the per-page
 * axe checks content.spec.ts and shell.spec.ts had; journeys keep theirs for states reached by interaction.)
 */
const templates = [
  '/',
  '/products?category=1',
  '/products?category=1&sort=price_asc&page=2',
  '/products?query=coffee',
  '/single-product/1',
  '/seller-profile',
  '/seller-profile?query=cairo',
  '/seller-profile/1',
  '/seller-profile/1?query=kg',
  '/blog',
  '/blog/articles',
  '/articles/dialing-in-espresso',
  '/blog/reviews',
  '/reviews/ceramic-v60-dripper',
  '/recipes',
  '/single-recipe/overnight-cold-brew',
  '/coffe-shops',
  '/offers',
  '/offers/grinder-week',
  '/about-us',
  '/contact-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/become-partner',
  '/login',
  '/sign-up',
  '/forget-password',
  '/verify-otp',
  '/checkout/cart',
  '/checkout/success',
  '/no-such-page',
  // The error page, forced (ENABLE_TEST_FAULTS in the e2e server only).
  '/?__fail',
];

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const path of templates) {
  test(`valid HTML and WCAG 2.2 AA: ${path}`, async ({ page, at }) => {
    const response = await page.goto(at(path));
    expect([200, 404, 500]).toContain(response!.status());
    const report = await validator.validateString(await response!.text());
    const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`));
    expect(errors).toEqual([]);
    // On a desktop and on a phone (the layouts differ: menus, filters, banners).
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const axe = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
      expect(
        axe.violations.map((v) => `${width}px ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
}
