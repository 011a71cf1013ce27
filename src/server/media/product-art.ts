/**
 * Generated product illustrations: a flat drawing of the product kind on a tinted backdrop.
 * Deterministic in (kind, hue, view) so URLs can be cached forever and never break.
 */
export const artKinds = [
  'bag',
  'capsule',
  'machine',
  'grinder',
  'kettle',
  'dripper',
  'press',
  'cup',
  'scale',
  'filter',
  'tamper',
  'jar',
  'gift',
  'bottle',
] as const;
export type ArtKind = (typeof artKinds)[number];

const shapes: Record<ArtKind, (ink: string, accent: string, paper: string) => string> = {
  bag: (ink, accent, paper) =>
    `<path d="M130 120h140l18 230H112z" fill="${ink}"/><path d="M130 120l20-28h100l20 28z" fill="${accent}"/>` +
    `<rect x="150" y="190" width="100" height="90" rx="10" fill="${paper}"/><ellipse cx="200" cy="235" rx="22" ry="30" fill="${accent}"/>` +
    `<path d="M200 208c-8 18 8 36 0 54" stroke="${paper}" stroke-width="5" fill="none"/>`,
  capsule: (ink, accent) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<g transform="translate(${95 + i * 75} ${170 + (i % 2) * 40})"><path d="M0 30h70l-12 60H12z" fill="${i === 1 ? accent : ink}"/><rect x="-6" y="18" width="82" height="14" rx="6" fill="${accent}"/></g>`,
      )
      .join(''),
  machine: (ink, accent, paper) =>
    `<rect x="110" y="100" width="180" height="230" rx="18" fill="${ink}"/><rect x="130" y="120" width="140" height="50" rx="8" fill="${accent}"/>` +
    `<rect x="170" y="190" width="60" height="22" rx="6" fill="${paper}"/><rect x="186" y="212" width="28" height="30" fill="${paper}"/>` +
    `<rect x="170" y="270" width="60" height="40" rx="6" fill="${paper}"/><circle cx="250" cy="145" r="12" fill="${paper}"/>`,
  grinder: (ink, accent, paper) =>
    `<path d="M150 90h100l-20 80h-60z" fill="${accent}"/><rect x="140" y="170" width="120" height="150" rx="16" fill="${ink}"/>` +
    `<rect x="165" y="260" width="70" height="50" rx="8" fill="${paper}"/><circle cx="200" cy="210" r="18" fill="${accent}"/>`,
  kettle: (ink, accent, paper) =>
    `<path d="M130 180q70-60 140 0v130H130z" fill="${ink}"/><path d="M130 230C90 220 70 180 60 150" stroke="${ink}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
    `<path d="M270 200q50 20 40 90" stroke="${accent}" stroke-width="14" fill="none"/><circle cx="200" cy="140" r="12" fill="${accent}"/><rect x="150" y="320" width="100" height="12" fill="${paper}"/>`,
  dripper: (ink, accent, paper) =>
    `<path d="M120 130h160l-55 90h-50z" fill="${ink}"/><rect x="160" y="220" width="80" height="12" fill="${accent}"/>` +
    `<path d="M150 240h100l-10 90h-80z" fill="${paper}" stroke="${ink}" stroke-width="6"/><path d="M160 290h80v30h-80z" fill="${accent}"/>`,
  press: (ink, accent, paper) =>
    `<rect x="145" y="130" width="110" height="200" rx="10" fill="${paper}" stroke="${ink}" stroke-width="8"/>` +
    `<rect x="150" y="220" width="100" height="105" fill="${accent}"/><rect x="195" y="90" width="10" height="90" fill="${ink}"/>` +
    `<circle cx="200" cy="88" r="14" fill="${ink}"/><path d="M255 170h30v110h-30" stroke="${ink}" stroke-width="10" fill="none"/>`,
  cup: (ink, accent, paper) =>
    `<ellipse cx="200" cy="320" rx="110" ry="18" fill="${accent}"/><path d="M120 190h160l-20 120H140z" fill="${ink}"/>` +
    `<path d="M280 210q45 10 20 60l-28 6" stroke="${ink}" stroke-width="12" fill="none"/><ellipse cx="200" cy="190" rx="80" ry="12" fill="${paper}"/>` +
    `<path d="M180 160q-12-20 0-40M215 160q-12-20 0-40" stroke="${accent}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  scale: (ink, accent, paper) =>
    `<rect x="100" y="220" width="200" height="70" rx="14" fill="${ink}"/><rect x="120" y="200" width="160" height="24" rx="6" fill="${accent}"/>` +
    `<rect x="150" y="240" width="100" height="30" rx="4" fill="${paper}"/><text x="200" y="262" font-family="monospace" font-size="20" text-anchor="middle" fill="${ink}">18.0</text>`,
  filter: (ink, accent, paper) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${110 + i * 30} ${140 + i * 25}h130l-45 120h-40z" fill="${i === 2 ? paper : i === 1 ? accent : ink}" opacity="${0.7 + i * 0.15}"/>`,
      )
      .join(''),
  tamper: (ink, accent, paper) =>
    `<ellipse cx="200" cy="140" rx="40" ry="46" fill="${accent}"/><rect x="185" y="180" width="30" height="70" fill="${ink}"/>` +
    `<rect x="130" y="250" width="140" height="40" rx="8" fill="${ink}"/><rect x="130" y="282" width="140" height="10" fill="${paper}"/>`,
  jar: (ink, accent, paper) =>
    `<rect x="135" y="120" width="130" height="30" rx="8" fill="${accent}"/><rect x="125" y="150" width="150" height="180" rx="24" fill="${ink}"/>` +
    `<rect x="150" y="200" width="100" height="70" rx="8" fill="${paper}"/><circle cx="200" cy="235" r="14" fill="${accent}"/>`,
  gift: (ink, accent, paper) =>
    `<rect x="110" y="170" width="180" height="160" rx="8" fill="${ink}"/><rect x="100" y="140" width="200" height="40" rx="6" fill="${accent}"/>` +
    `<rect x="188" y="140" width="24" height="190" fill="${paper}"/><path d="M200 140c-30-50-70-20-40 0M200 140c30-50 70-20 40 0" stroke="${paper}" stroke-width="10" fill="none"/>`,
  bottle: (ink, accent, paper) =>
    `<rect x="180" y="80" width="40" height="50" rx="6" fill="${accent}"/><path d="M170 130h60l20 40v160h-100V170z" fill="${ink}"/>` +
    `<rect x="160" y="200" width="80" height="80" rx="6" fill="${paper}"/><circle cx="200" cy="240" r="16" fill="${accent}"/>`,
};

/** SVG markup for one illustration; `view` shifts the composition so gallery thumbnails differ. */
export function productArt(kind: ArtKind, hue: number, view: number): string {
  const h = ((hue % 360) + 360) % 360;
  const paper = `hsl(${h} 45% 94%)`;
  const ink = `hsl(${(h + 20) % 360} 35% 28%)`;
  const accent = `hsl(${(h + 180) % 360} 55% 55%)`;
  const backdrop = `hsl(${h} 40% ${82 - view * 6}%)`;
  const scale = [1, 0.85, 1.15][view % 3]!;
  const rotate = [0, -8, 6][view % 3]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<rect width="400" height="400" fill="${paper}"/><circle cx="200" cy="215" r="150" fill="${backdrop}"/>` +
    `<g transform="rotate(${rotate} 200 215) translate(200 215) scale(${scale}) translate(-200 -215)">${shapes[kind](ink, accent, paper)}</g></svg>`
  );
}

export const isArtKind = (value: string): value is ArtKind => (artKinds as readonly string[]).includes(value);
