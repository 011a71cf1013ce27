import { describe, expect, it } from 'vitest';
import { slugOf } from '#lib/text.ts';
import { approvalDraft } from './partner-form.ts';

describe('slugOf', () => {
  it('joins Latin words with hyphens and drops everything else', () => {
    expect(slugOf('Nile Roasters & Co.')).toBe('nile-roasters-co');
    expect(slugOf('  Café  Ñandú 2 ')).toBe('cafe-nandu-2');
  });
  it('is empty for a name without Latin letters, so the operator types one', () => {
    expect(slugOf('بن النيل')).toBe('');
  });
  it('stays within 60 characters without a trailing hyphen', () => {
    const slug = slugOf(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('approvalDraft', () => {
  it('puts the description in the language the applicant wrote in', () => {
    const en = approvalDraft({ brand_name: 'Nile Roasters', company_description: 'We roast in Giza.', locale: 'en' });
    expect(en).toMatchObject({ slug: 'nile-roasters', description_en: 'We roast in Giza.', description_ar: '' });
    const ar = approvalDraft({ brand_name: 'بن النيل', company_description: 'نحمص في الجيزة.', locale: 'ar' });
    expect(ar).toMatchObject({ slug: '', name_ar: 'بن النيل', description_en: '', description_ar: 'نحمص في الجيزة.' });
  });
});
