import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './text.ts';

describe('escapeMarkup', () => {
  it('escapes the five characters that end text or a quoted attribute, and only those', () => {
    expect(escapeMarkup(`Tom & "Jerry" <b>'s</b> — قهوة`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#x27;s&lt;/b&gt; — قهوة');
  });
});
