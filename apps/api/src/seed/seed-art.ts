// Illustrations for the demo menu, drawn as SVG and rendered to WebP by sharp at seed time:
// the demo shop has pictures without downloading any.

export type ArtKind = 'cup' | 'glass' | 'plate' | 'bowl' | 'coupon';

export interface Art {
  kind: ArtKind;
  /** Main colour: the drink, the food or the coupon. */
  color: string;
  /** Second colour: foam, topping or accent. */
  accent: string;
  background: [string, string];
  label?: string;
}

const esc = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function backdrop(id: string, [from, to]: [string, string]): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#${id})"/>
  <g fill="#fff" opacity="0.12"><circle cx="90" cy="110" r="60"/><circle cx="520" cy="80" r="34"/><circle cx="540" cy="520" r="80"/><circle cx="70" cy="500" r="26"/></g>`;
}

function cup(a: Art): string {
  return `<ellipse cx="300" cy="470" rx="200" ry="42" fill="#fff" opacity="0.9"/>
  <ellipse cx="300" cy="462" rx="150" ry="26" fill="#e9dccb"/>
  <path d="M170 250 h260 l-26 190 a40 40 0 0 1 -40 34 h-128 a40 40 0 0 1 -40 -34 z" fill="#fffaf3"/>
  <path d="M430 290 a58 58 0 1 1 0 116" fill="none" stroke="#fffaf3" stroke-width="26"/>
  <ellipse cx="300" cy="252" rx="130" ry="30" fill="${a.color}"/>
  <ellipse cx="300" cy="250" rx="82" ry="16" fill="${a.accent}" opacity="0.95"/>
  <path d="M300 240 c-14 -6 -14 16 0 10 c14 6 14 -16 0 -10" fill="${a.color}" opacity="0.6"/>
  <g fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.7">
    <path d="M250 200 c-20 -30 20 -50 0 -80"/><path d="M300 190 c-20 -30 20 -50 0 -80"/><path d="M350 200 c-20 -30 20 -50 0 -80"/></g>`;
}

function glass(a: Art): string {
  return `<ellipse cx="300" cy="500" rx="140" ry="24" fill="#000" opacity="0.12"/>
  <path d="M190 160 h220 l-24 320 a20 20 0 0 1 -20 18 h-132 a20 20 0 0 1 -20 -18 z" fill="#fff" opacity="0.55"/>
  <path d="M202 230 h196 l-18 246 a16 16 0 0 1 -16 14 h-128 a16 16 0 0 1 -16 -14 z" fill="${a.color}"/>
  <path d="M202 230 h196 l-4 50 h-188 z" fill="${a.accent}" opacity="0.85"/>
  <g fill="#fff" opacity="0.65"><rect x="250" y="300" width="40" height="40" rx="8" transform="rotate(14 270 320)"/><rect x="310" y="350" width="36" height="36" rx="8" transform="rotate(-12 328 368)"/></g>
  <rect x="320" y="90" width="16" height="220" rx="8" fill="${a.accent}" transform="rotate(12 328 200)"/>`;
}

function plate(a: Art): string {
  return `<ellipse cx="300" cy="350" rx="230" ry="150" fill="#fff"/>
  <ellipse cx="300" cy="350" rx="180" ry="112" fill="#f4ece1"/>
  <ellipse cx="300" cy="330" rx="130" ry="74" fill="${a.color}"/>
  <ellipse cx="280" cy="300" rx="70" ry="30" fill="${a.accent}" opacity="0.85"/>
  <g fill="${a.accent}"><circle cx="360" cy="330" r="12"/><circle cx="230" cy="350" r="9"/><circle cx="330" cy="370" r="10"/></g>
  <g fill="#5a8f3c"><ellipse cx="390" cy="290" rx="22" ry="10" transform="rotate(-30 390 290)"/><ellipse cx="410" cy="306" rx="18" ry="8" transform="rotate(20 410 306)"/></g>`;
}

function bowl(a: Art): string {
  return `<ellipse cx="300" cy="470" rx="150" ry="26" fill="#000" opacity="0.12"/>
  <path d="M150 300 h300 a150 150 0 0 1 -300 0 z" fill="#fffaf3"/>
  <ellipse cx="300" cy="300" rx="150" ry="34" fill="${a.color}"/>
  <g fill="${a.accent}"><circle cx="260" cy="292" r="16"/><circle cx="305" cy="305" r="14"/><circle cx="345" cy="290" r="15"/><circle cx="285" cy="280" r="10"/></g>
  <path d="M170 330 q130 60 260 0" fill="none" stroke="${a.color}" stroke-width="10" opacity="0.4"/>`;
}

function coupon(a: Art): string {
  return `<rect x="90" y="170" width="420" height="260" rx="28" fill="#fffaf3"/>
  <circle cx="90" cy="300" r="34" fill="${a.background[0]}"/><circle cx="510" cy="300" r="34" fill="${a.background[1]}"/>
  <line x1="380" y1="190" x2="380" y2="410" stroke="${a.color}" stroke-width="6" stroke-dasharray="16 12"/>
  <text x="235" y="300" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="84" fill="${a.color}" text-anchor="middle">${esc(a.label ?? '')}</text>
  <text x="235" y="370" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="40" fill="${a.accent}" text-anchor="middle">OFF</text>
  <g transform="translate(445 300)"><circle r="40" fill="${a.accent}"/><path d="M-14 -6 a14 14 0 0 1 28 0 v24 h-28 z" fill="#fffaf3"/></g>`;
}

const DRAW: Record<ArtKind, (a: Art) => string> = { cup, glass, plate, bowl, coupon };

export function drawArt(art: Art): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">${backdrop('bg', art.background)}${DRAW[art.kind](art)}</svg>`;
}
