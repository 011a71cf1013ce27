// `npx node scripts/app-icons.mjs`: draws the home-screen icons of the installed shop from public/favicon.svg with sharp
// and writes them to public/icons/ (committed; run again when the logo changes). The maskable icon keeps the logo inside
// the safe zone (the middle 80 %) on the brand colour, so launchers may crop it to any shape (decision 025).
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const logo = readFileSync('public/favicon.svg');
const BRAND = '#6b3f24';
mkdirSync('public/icons', { recursive: true });

const plain = (size) =>
  sharp(logo, { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9 });
await plain(192).toFile('public/icons/icon-192.png');
await plain(512).toFile('public/icons/icon-512.png');

// iOS draws the touch icon on black where it is transparent: the logo on the brand colour, edge to edge.
async function onBrand(size, logoShare, path) {
  const inner = Math.round(size * logoShare);
  const mark = await plain(inner).toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path);
}
await onBrand(512, 0.6, 'public/icons/maskable-512.png');
await onBrand(180, 0.8, 'public/icons/apple-touch-icon.png');
console.log('wrote public/icons/: icon-192.png, icon-512.png, maskable-512.png, apple-touch-icon.png');
