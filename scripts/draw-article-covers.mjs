#!/usr/bin/env node
// Draws the demo articles' cover pictures as small SVG illustrations (ours,
// nothing fetched from elsewhere; BRAND.md "Pictures"), 800x420 each.
//
//   node scripts/draw-article-covers.mjs
//
// Writes apps/web/public/images/articles/<name>.svg; the names are the covers
// in apps/api/src/db/seed/demo-articles.ts. No dependencies.

import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));
const DIR = path.join(ROOT, 'apps/web/public/images/articles');

const BLUE = '#0B4F8A';
const DEEP = '#083A66';
const AMBER = '#F59E0B';
const SAND = '#FDF6E9';
const SLATE = '#334155';

const svg = (title, body, sky = '#DCEBF7') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 420" width="800" height="420" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="800" height="420" fill="${sky}"/>
${body}
</svg>
`;

const sun = (x, y, r = 38) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${AMBER}" opacity="0.9"/>`;
const hills = `<path d="M0 250 Q120 170 240 230 T480 215 T800 225 V420 H0Z" fill="#9CC9A4"/><path d="M0 280 Q160 230 320 270 T800 262 V420 H0Z" fill="#6FAF7E"/>`;
const road = `<path d="M330 420 L385 262 H415 L470 420Z" fill="${SLATE}"/><path d="M399 270 h2 v18 h-2z M398 305 h4 v26 h-4z M397 350 h6 v36 h-6z" fill="#fff"/>`;
const wheel = (x, y, r = 20) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#1F2937"/><circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="#CBD5E1"/>`;
const car = (x, y, colour = '#C0392B', s = 1) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 40 Q2 20 30 16 L70 0 H150 L190 18 Q230 22 236 40 V58 H0Z" fill="${colour}"/><path d="M78 8 H146 L176 22 H62Z" fill="#BFE0F5"/>${wheel(50, 58)}${wheel(190, 58)}<rect x="224" y="34" width="10" height="8" rx="2" fill="${AMBER}"/></g>`;
const temple = (x, y) =>
  `<g transform="translate(${x} ${y})" fill="${DEEP}" opacity="0.35"><path d="M40 0 L52 40 H28Z"/><path d="M10 60 L40 30 L70 60Z"/><rect x="14" y="60" width="52" height="40"/><path d="M0 70 L40 42 L80 70Z"/></g>`;

const covers = {
  'driving-in-thailand': svg(
    'A car on a country road in Thailand with a speed-limit sign',
    `${sun(660, 90)}${temple(90, 150)}${hills}${road}${car(520, 300, '#C0392B', 0.9)}
<g transform="translate(250 200)"><rect x="-4" y="40" width="8" height="120" fill="#64748B"/><circle cx="0" cy="30" r="40" fill="#fff" stroke="#DC2626" stroke-width="10"/><text x="0" y="44" font-family="Arial, sans-serif" font-size="38" font-weight="700" text-anchor="middle" fill="#111827">90</text></g>`,
  ),
  'airport-pickup': svg(
    'An aeroplane over an airport and a rental car waiting',
    `${sun(120, 90, 30)}<path d="M0 300 H800 V420 H0Z" fill="#94A3B8"/><path d="M0 330 H800" stroke="#fff" stroke-width="6" stroke-dasharray="40 30"/>
<g transform="translate(430 80) rotate(-12)" fill="${BLUE}"><path d="M0 40 Q0 28 20 28 H250 Q290 32 300 40 Q290 48 250 52 H20 Q0 52 0 40Z"/><path d="M120 30 L70 -40 H100 L180 30Z"/><path d="M120 50 L70 120 H100 L180 50Z"/><path d="M10 30 L0 0 H22 L45 30Z"/><circle cx="270" cy="38" r="4" fill="#BFE0F5"/></g>
<rect x="40" y="200" width="300" height="100" fill="#E2E8F0"/><rect x="40" y="200" width="300" height="18" fill="${BLUE}"/><path d="M60 230 h40 v50 h-40z M120 230 h40 v50 h-40z M180 230 h40 v50 h-40z M240 230 h40 v50 h-40z" fill="#BFE0F5"/>
${car(440, 290, '#F1F5F9')}`,
  ),
  documents: svg(
    'A passport, a driving licence and an international driving permit',
    `<rect width="800" height="420" fill="${SAND}"/>
<g transform="translate(110 70) rotate(-8)"><rect width="200" height="280" rx="14" fill="${DEEP}"/><circle cx="100" cy="120" r="46" fill="none" stroke="${AMBER}" stroke-width="6"/><path d="M54 120 H146 M100 74 V166" stroke="${AMBER}" stroke-width="4"/><rect x="50" y="210" width="100" height="12" rx="6" fill="${AMBER}"/></g>
<g transform="translate(340 110)"><rect width="330" height="200" rx="18" fill="#fff" stroke="${BLUE}" stroke-width="6"/><rect x="24" y="40" width="90" height="110" rx="8" fill="#DCEBF7"/><circle cx="69" cy="80" r="22" fill="${BLUE}" opacity="0.7"/><path d="M35 140 Q69 100 103 140Z" fill="${BLUE}" opacity="0.7"/><rect x="134" y="46" width="170" height="14" rx="7" fill="${SLATE}"/><rect x="134" y="80" width="140" height="12" rx="6" fill="#94A3B8"/><rect x="134" y="110" width="160" height="12" rx="6" fill="#94A3B8"/><rect x="134" y="140" width="100" height="12" rx="6" fill="#94A3B8"/></g>
<g transform="translate(520 250) rotate(6)"><rect width="200" height="130" rx="10" fill="#F3E8C9" stroke="${SLATE}" stroke-width="3"/><text x="100" y="58" font-family="Arial, sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${SLATE}">IDP</text><rect x="40" y="80" width="120" height="10" rx="5" fill="#94A3B8"/></g>`,
  ),
  'fuel-tolls': svg(
    'A fuel pump and an expressway toll gate',
    `${sun(700, 80, 30)}<path d="M0 320 H800 V420 H0Z" fill="#94A3B8"/>
<g transform="translate(90 120)"><rect width="130" height="200" rx="12" fill="${BLUE}"/><rect x="20" y="24" width="90" height="60" rx="6" fill="#DCEBF7"/><text x="65" y="64" font-family="Arial, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${DEEP}">95</text><rect x="20" y="110" width="90" height="14" rx="7" fill="${AMBER}"/><path d="M130 60 H160 Q175 60 175 80 V170 Q175 190 160 190" fill="none" stroke="${SLATE}" stroke-width="10" stroke-linecap="round"/><rect x="150" y="180" width="26" height="40" rx="6" fill="${SLATE}"/></g>
<g transform="translate(330 110)"><rect width="420" height="40" fill="${DEEP}"/><text x="210" y="28" font-family="Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#fff">TOLL · EASY PASS · M-PASS</text><rect x="20" y="40" width="26" height="170" fill="#64748B"/><rect x="374" y="40" width="26" height="170" fill="#64748B"/><rect x="190" y="40" width="40" height="120" fill="#E2E8F0"/><rect x="230" y="120" width="150" height="12" fill="#DC2626"/><rect x="270" y="120" width="30" height="12" fill="#fff"/><rect x="330" y="120" width="30" height="12" fill="#fff"/></g>
${car(420, 262, '#2563EB', 0.75)}`,
  ),
  'road-trip': svg(
    'A coastal road with palm trees on the way to Hua Hin',
    `${sun(620, 110, 46)}<path d="M0 230 H800 V300 H0Z" fill="#3B82C4"/><path d="M0 232 Q200 222 400 232 T800 232" stroke="#fff" stroke-width="3" fill="none" opacity="0.7"/><path d="M0 300 H800 V420 H0Z" fill="#F3D9A4"/>
<path d="M-20 420 Q300 330 820 330 V370 Q330 380 60 420Z" fill="${SLATE}"/><path d="M120 400 Q380 350 760 350" stroke="#fff" stroke-width="4" stroke-dasharray="26 22" fill="none"/>
<g transform="translate(110 140)"><path d="M20 170 Q30 90 12 20" stroke="#7C5A3A" stroke-width="12" fill="none"/><path d="M12 20 Q-40 0 -70 30 Q-30 10 12 24Z M12 20 Q60 -10 90 20 Q50 6 12 24Z M12 20 Q0 -30 -30 -50 Q20 -30 14 22Z M12 20 Q50 20 70 60 Q40 30 12 24Z" fill="#2F855A"/></g>
${car(460, 300, '#EA580C', 0.8)}`,
  ),
  breakdown: svg(
    'A car with hazard lights and a warning triangle on the roadside',
    `<rect width="800" height="420" fill="#E8EEF5"/><path d="M0 300 H800 V420 H0Z" fill="${SLATE}"/><path d="M0 360 H800" stroke="#fff" stroke-width="6" stroke-dasharray="50 40"/>
${car(300, 240, '#F1F5F9', 1.1)}<circle cx="556" cy="280" r="16" fill="${AMBER}" opacity="0.6"/><circle cx="300" cy="282" r="16" fill="${AMBER}" opacity="0.6"/>
<g transform="translate(130 220)"><path d="M50 0 L100 88 H0Z" fill="#DC2626"/><path d="M50 24 L78 74 H22Z" fill="#fff"/><rect x="44" y="88" width="12" height="14" fill="#1F2937"/></g>
<g transform="translate(640 90)"><circle cx="50" cy="50" r="50" fill="${BLUE}"/><path d="M30 28 Q26 46 40 62 Q56 78 72 74 L78 64 L64 56 L58 62 Q46 56 40 44 L46 38 L38 24Z" fill="#fff"/></g>`,
  ),
  'electric-car': svg(
    'An electric car at a charging station',
    `${sun(110, 90, 32)}<path d="M0 310 H800 V420 H0Z" fill="#94A3B8"/>
<g transform="translate(560 110)"><rect width="120" height="200" rx="14" fill="${BLUE}"/><rect x="20" y="24" width="80" height="50" rx="6" fill="#DCEBF7"/><path d="M64 32 L46 54 H60 L54 70 L74 46 H60Z" fill="${AMBER}"/><path d="M0 130 Q-60 130 -80 170" stroke="#1F2937" stroke-width="10" fill="none" stroke-linecap="round"/></g>
${car(230, 250, '#3F7F86', 1)}<path d="M420 100 L390 150 H420 L400 200 L450 140 H420 L440 100Z" fill="${AMBER}"/>`,
  ),
};

fs.mkdirSync(DIR, { recursive: true });
for (const [name, content] of Object.entries(covers)) {
  fs.writeFileSync(path.join(DIR, `${name}.svg`), content);
}
console.log(`wrote ${Object.keys(covers).length} covers to ${path.relative(ROOT, DIR)}`);
