/**
 * The home page's sections below the first screen (issue 55): the browser skips their style, layout and paint until
 * they near the viewport (`content-visibility: auto`), keeping their place with a remembered size (`auto`) or, before
 * they were ever drawn, an estimate of a phone's. The home page's load spent most of its main thread laying out and
 * painting 30 product cards and 49 pictures a phone shows only as the shopper scrolls. The content stays in the
 * document: find in page, the accessibility tree and links work as before.
 */
export const BELOW_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_540px]';
