// Draws the home-screen icons of the manifest (public/icons) from the shop's cup, in the shop's
// colours (src/index.css). Run once after changing the drawing: `node apps/web/scripts/make-icons.mjs`;
// the PNGs are committed, so a build needs no image tool.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');
const ESPRESSO = '#2f1b12';
const CREMA = '#f3e3cf';
const HONEY = '#e0a458';

/** The cup on a 64-unit grid, scaled into the middle `share` of the square (a maskable icon keeps its drawing in the safe circle). */
function cup(size, { share, rounded }) {
  const scale = share;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${ESPRESSO}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M16 26h28v10a14 14 0 0 1-28 0z" fill="${CREMA}"/>
    <path d="M44 29h3a6 6 0 0 1 0 12h-4" fill="none" stroke="${CREMA}" stroke-width="4"/>
    <path d="M24 12c-3 4 3 6 0 10M32 12c-3 4 3 6 0 10" fill="none" stroke="${HONEY}" stroke-width="3" stroke-linecap="round"/>
    <rect x="14" y="50" width="34" height="4" rx="2" fill="${HONEY}"/>
  </g>
</svg>`;
}

await mkdir(out, { recursive: true });
const icons = [
  { name: 'icon-192.png', size: 192, share: 0.9, rounded: true },
  { name: 'icon-512.png', size: 512, share: 0.9, rounded: true },
  // Maskable: the platform cuts its own shape, so the background fills the square and the cup stays in the middle 60 %.
  { name: 'maskable-512.png', size: 512, share: 0.6, rounded: false },
];
for (const icon of icons) {
  await sharp(Buffer.from(cup(icon.size, icon)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.name));
  console.log(`wrote ${icon.name}`);
}
