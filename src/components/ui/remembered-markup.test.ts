import { describe, expect, it } from 'vitest';
import { rememberedMarkup } from './remembered-markup.ts';

describe('rememberedMarkup', () => {
  it('draws a part once per object and repeats that HTML', async () => {
    const categories = [{ id: 1 }];
    let drawings = 0;
    const draw = async () => `<nav>${++drawings}</nav>`;
    expect(await rememberedMarkup(categories, 'menu', draw)).toBe('<nav>1</nav>');
    expect(await rememberedMarkup(categories, 'menu', draw)).toBe('<nav>1</nav>');
    expect(drawings).toBe(1);
  });

  it('draws again for a new object (a new catalog version) and for another part of the same object', async () => {
    const before = [{ id: 1 }];
    const after = [{ id: 1 }, { id: 2 }];
    const draw = (of: object[]) => async () => `<ul>${of.length}</ul>`;
    expect(await rememberedMarkup(before, 'menu', draw(before))).toBe('<ul>1</ul>');
    expect(await rememberedMarkup(after, 'menu', draw(after))).toBe('<ul>2</ul>');
    expect(await rememberedMarkup(before, 'footer', async () => '<p>footer</p>')).toBe('<p>footer</p>');
  });

  it('forgets a failed drawing, so the next page draws it again', async () => {
    const dictionary = {};
    await expect(rememberedMarkup(dictionary, 'logo', () => Promise.reject(new Error('no database')))).rejects.toThrow();
    expect(await rememberedMarkup(dictionary, 'logo', async () => '<a>logo</a>')).toBe('<a>logo</a>');
  });

  it('gives pages asking at the same time the one drawing in progress', async () => {
    const categories = [{ id: 3 }];
    let drawings = 0;
    const draw = () => new Promise<string>((resolve) => setTimeout(() => resolve(`<nav>${++drawings}</nav>`), 5));
    const pages = await Promise.all([1, 2, 3].map(() => rememberedMarkup(categories, 'menu', draw)));
    expect(pages).toEqual(['<nav>1</nav>', '<nav>1</nav>', '<nav>1</nav>']);
  });
});
