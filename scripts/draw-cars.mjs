#!/usr/bin/env node
// Draws the demo fleet's pictures as small SVG illustrations, so the site never
// fetches car photos from anywhere else (BRAND.md, "Pictures").
//
//   node scripts/draw-cars.mjs
//
// Writes apps/web/public/images/cars/<slug>-{1,2,3}.svg (side, front, rear),
// apps/web/public/images/cars/default.svg, cars/fallback-{1..6}.svg and apps/web/public/images/hero-road.svg.
// The list below must stay in sync with apps/api/src/db/seed/demo-catalog.ts
// (slug, English name, category, colour); the seed's `images` point at these files.
// No dependencies: only node:fs and node:path.

import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));
const CARS_DIR = path.join(ROOT, 'apps/web/public/images/cars');
const IMAGES_DIR = path.join(ROOT, 'apps/web/public/images');

/** slug, English name, category, body colour, optional drawing overrides */
const CARS = [
  ['toyota-yaris-ativ', 'Toyota Yaris Ativ', 'sedan', '#C0392B'],
  ['honda-city', 'Honda City', 'sedan', '#F1F5F9'],
  ['nissan-almera', 'Nissan Almera', 'sedan', '#A3ADB8'],
  ['mazda-2-sedan', 'Mazda 2 Sedan', 'sedan', '#9B1B30'],
  ['suzuki-swift', 'Suzuki Swift', 'hatchback', '#2563EB'],
  ['toyota-yaris', 'Toyota Yaris', 'hatchback', '#EA580C'],
  ['honda-city-hatchback', 'Honda City Hatchback', 'hatchback', '#4B5563'],
  ['mazda-2-sports', 'Mazda 2 Sports', 'hatchback', '#6E7B8B'],
  ['toyota-yaris-cross', 'Toyota Yaris Cross', 'crossover', '#3F7F86'],
  ['honda-hr-v', 'Honda HR-V', 'crossover', '#8A8468'],
  ['toyota-corolla-cross', 'Toyota Corolla Cross', 'crossover', '#E8ECF1'],
  ['mitsubishi-xpander', 'Mitsubishi Xpander', '7seat', '#5B6770'],
  ['toyota-veloz', 'Toyota Veloz', '7seat', '#8A5A3B'],
  ['toyota-innova-zenix', 'Toyota Innova Zenix', '7seat', '#E7E5E4'],
  ['toyota-fortuner', 'Toyota Fortuner', 'suv', '#2B2B2E'],
  ['isuzu-mu-x', 'Isuzu MU-X', 'suv', '#8B1A1A'],
  ['mitsubishi-pajero-sport', 'Mitsubishi Pajero Sport', 'suv', '#9CA3AF'],
  ['toyota-hilux-revo', 'Toyota Hilux Revo', 'cap', '#F3F4F6'],
  ['isuzu-d-max', 'Isuzu D-Max', 'cap', '#1E40AF'],
  ['ford-ranger', 'Ford Ranger', 'cap', '#5A6370'],
  ['toyota-commuter', 'Toyota Commuter', 'van', '#F1F5F9'],
  ['toyota-majesty', 'Toyota Majesty', 'van', '#3F3F46'],
  ['hyundai-staria', 'Hyundai Staria', 'minivan', '#6B5B4E'],
  ['kia-carnival', 'Kia Carnival', 'minivan', '#334155'],
  ['byd-atto-3', 'BYD Atto 3', 'electric', '#3B82A0', { shape: 'crossover' }],
  ['byd-dolphin', 'BYD Dolphin', 'electric', '#E9967A', { shape: 'hatch' }],
  ['mg4-electric', 'MG4 Electric', 'electric', '#E4572E', { shape: 'hatch' }],
  ['ora-good-cat', 'ORA Good Cat', 'electric', '#9AC5B0', { shape: 'hatch' }],
  ['toyota-camry', 'Toyota Camry', 'luxury', '#A1A1AA'],
  ['mercedes-benz-e-class', 'Mercedes-Benz E-Class', 'luxury', '#1E293B'],
  ['bmw-5-series', 'BMW 5 Series', 'luxury', '#1E3A8A'],
  ['toyota-alphard', 'Toyota Alphard', 'luxury', '#EEF2F6', { shape: 'luxmpv' }],
];

/** The fallback drawings (n, shape, colour); their count is fallbackCarPictureCount in the contract's images.ts. */
const FALLBACKS = [
  [1, 'sedan', '#94A3B8'],
  [2, 'hatch', '#A8A29E'],
  [3, 'crossover', '#8FA3A8'],
  [4, 'suv', '#9CA3AF'],
  [5, 'mpv', '#B4A996'],
  [6, 'pickup', '#A3A9B4'],
];

const SHAPE_BY_CATEGORY = {
  sedan: 'sedan',
  hatchback: 'hatch',
  crossover: 'crossover',
  suv: 'suv',
  '7seat': 'mpv',
  minivan: 'minivan',
  van: 'van',
  cap: 'pickup',
  electric: 'hatch',
  luxury: 'luxury',
};

// ---------------------------------------------------------------- helpers

const r1 = (n) => Math.round(n * 10) / 10;

function hexToRgb(hex) {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
function mix(hex, target, t) {
  const a = hexToRgb(hex);
  const b = hexToRgb(target);
  return (
    '#' +
    a
      .map((v, i) =>
        Math.round(v + (b[i] - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
const darken = (c, t) => mix(c, '#000000', t);
const lighten = (c, t) => mix(c, '#ffffff', t);
const luminance = (c) => {
  const [r, g, b] = hexToRgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/**
 * Closed path through points with rounded corners. A point is {x, y, r} (corner
 * radius r, 0 for a sharp corner) or {arc: true, x, y, rx, large, sweep}, an arc
 * from the previous point (which must have r = 0) to this one.
 */
function roundedPath(pts) {
  let d = '';
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    if (p.arc) {
      d += `A${r1(p.rx)} ${r1(p.rx)} 0 ${p.large ? 1 : 0} ${p.sweep} ${r1(p.x)} ${r1(p.y)}`;
      continue;
    }
    const cmd = i === 0 ? 'M' : 'L';
    const r = p.r || 0;
    if (!r) {
      d += `${cmd}${r1(p.x)} ${r1(p.y)}`;
      continue;
    }
    const a = pts[(i - 1 + n) % n];
    const b = pts[(i + 1) % n];
    const da = Math.hypot(a.x - p.x, a.y - p.y);
    const db = Math.hypot(b.x - p.x, b.y - p.y);
    const ra = Math.min(r, da / 2);
    const rb = Math.min(r, db / 2);
    const p1 = [p.x + ((a.x - p.x) * ra) / da, p.y + ((a.y - p.y) * ra) / da];
    const p2 = [p.x + ((b.x - p.x) * rb) / db, p.y + ((b.y - p.y) * rb) / db];
    d += `${cmd}${r1(p1[0])} ${r1(p1[1])}Q${r1(p.x)} ${r1(p.y)} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return d + 'Z';
}
const P = (x, y, r = 0) => ({ x, y, r });
/** mirror points around x = cx (for symmetric front/rear views), reversed order */
const mirror = (pts, cx) =>
  pts
    .slice()
    .reverse()
    .map((p) => ({ ...p, x: 2 * cx - p.x }));
/** x of the line through a and b at height y */
const xAt = (a, b, y) => a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y);

function svgDoc(title, defs, body, w = 800, h = 500) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">` +
    `<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>` +
    `<defs>${defs}</defs>${body}</svg>\n`
  );
}

function commonDefs(id, color) {
  const glassTop = '#B9CCDD';
  return (
    `<linearGradient id="${id}bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFF8EE"/><stop offset="1" stop-color="#F1F5F9"/></linearGradient>` +
    `<radialGradient id="${id}sh"><stop offset="0" stop-color="#0F172A" stop-opacity=".35"/><stop offset="1" stop-color="#0F172A" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}bd" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(color, 0.22)}"/><stop offset=".45" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.28)}"/></linearGradient>` +
    `<linearGradient id="${id}gl" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${glassTop}"/><stop offset=".55" stop-color="#5D7389"/><stop offset="1" stop-color="#2F3E4E"/></linearGradient>` +
    `<radialGradient id="${id}rim" cx=".4" cy=".35"><stop offset="0" stop-color="#F8FAFC"/><stop offset="1" stop-color="#94A3B8"/></radialGradient>`
  );
}

function background(id, groundY, cx, halfLen, w = 800, h = 500) {
  return (
    `<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>` +
    `<rect y="${groundY - 6}" width="${w}" height="${h - groundY + 6}" fill="#E7EBF0" opacity=".55"/>` +
    `<ellipse cx="${cx}" cy="${groundY + 2}" rx="${halfLen}" ry="20" fill="url(#${id}sh)"/>`
  );
}

// ---------------------------------------------------------------- side view

// Silhouettes, facing right, ground at y = 405. Numbers are pixels on the 800 x 500 canvas.
// xr/xf rear/front ends, wr/wf wheel centres, R tyre radius, yb sill, tail = rear top corner,
// c = C-pillar base (null for hatch/box shapes), roof line roofR..roofF at y roof,
// a = windscreen base, hood/nose = front end, belt = window sill, pillars = window pillars.
const SIDE = {
  sedan: {
    xr: 95,
    xf: 705,
    R: 45,
    wr: 222,
    wf: 568,
    yb: 372,
    tail: [99, 276, 18],
    c: [212, 270, 40],
    roofR: [308, 206, 60],
    roofF: [428, 204, 45],
    a: [522, 276, 25],
    hood: [688, 290, 30],
    noseDrop: 30,
    belt: 272,
    pillars: [392],
    doors: [512, 392, 272],
  },
  luxury: {
    xr: 70,
    xf: 730,
    R: 47,
    wr: 205,
    wf: 585,
    yb: 372,
    tail: [74, 272, 18],
    c: [192, 266, 40],
    roofR: [292, 203, 60],
    roofF: [430, 201, 45],
    a: [528, 273, 25],
    hood: [712, 286, 30],
    noseDrop: 32,
    belt: 269,
    pillars: [382],
    doors: [525, 382, 262],
  },
  hatch: {
    xr: 128,
    xf: 690,
    R: 44,
    wr: 235,
    wf: 572,
    yb: 372,
    tail: [140, 262, 24],
    c: null,
    roofR: [196, 201, 40],
    roofF: [420, 199, 45],
    a: [522, 280, 25],
    hood: [674, 292, 30],
    noseDrop: 30,
    belt: 277,
    pillars: [380],
    doors: [515, 380, 268],
    insetC: 26,
  },
  crossover: {
    xr: 105,
    xf: 702,
    R: 51,
    wr: 228,
    wf: 574,
    yb: 360,
    tail: [116, 250, 22],
    c: null,
    roofR: [172, 180, 36],
    roofF: [428, 178, 45],
    a: [530, 264, 25],
    hood: [686, 274, 30],
    noseDrop: 34,
    belt: 259,
    pillars: [386, 218],
    doors: [522, 386, 260],
    insetC: 22,
    rails: true,
  },
  suv: {
    xr: 95,
    xf: 712,
    R: 56,
    wr: 226,
    wf: 583,
    yb: 350,
    tail: [101, 238, 16],
    c: null,
    roofR: [128, 160, 26],
    roofF: [446, 158, 36],
    a: [535, 246, 25],
    hood: [700, 253, 26],
    noseDrop: 42,
    belt: 243,
    pillars: [388, 218],
    doors: [528, 388, 262],
    insetC: 16,
    rails: true,
  },
  mpv: {
    xr: 100,
    xf: 706,
    R: 47,
    wr: 222,
    wf: 577,
    yb: 366,
    tail: [108, 252, 20],
    c: null,
    roofR: [122, 168, 30],
    roofF: [458, 166, 50],
    a: [548, 262, 25],
    hood: [690, 280, 30],
    noseDrop: 34,
    belt: 258,
    pillars: [410, 262],
    doors: [540, 410, 270],
    insetC: 18,
    rails: true,
  },
  minivan: {
    xr: 85,
    xf: 716,
    R: 49,
    wr: 200,
    wf: 592,
    yb: 362,
    tail: [91, 228, 20],
    c: null,
    roofR: [104, 142, 30],
    roofF: [505, 140, 80],
    a: [640, 262, 30],
    hood: [704, 276, 30],
    noseDrop: 36,
    belt: 256,
    pillars: [478, 318, 172],
    doors: [600, 478, 300],
    insetC: 16,
    slide: true,
  },
  luxmpv: {
    xr: 85,
    xf: 716,
    R: 50,
    wr: 205,
    wf: 592,
    yb: 362,
    tail: [90, 178, 22],
    c: null,
    roofR: [98, 134, 30],
    roofF: [522, 132, 60],
    a: [630, 256, 30],
    hood: [704, 268, 30],
    noseDrop: 40,
    belt: 262,
    pillars: [486, 326, 170],
    doors: [602, 486, 300],
    insetC: 16,
    slide: true,
  },
  van: {
    xr: 72,
    xf: 728,
    R: 46,
    wr: 190,
    wf: 604,
    yb: 358,
    tail: [74, 132, 14],
    c: null,
    roofR: [80, 118, 14],
    roofF: [640, 116, 36],
    a: [686, 246, 26],
    hood: [718, 256, 22],
    noseDrop: 50,
    belt: 240,
    pillars: [572, 452, 332, 210],
    doors: [660, 572, 452],
    insetC: 14,
    slide: true,
  },
  pickup: {
    xr: 68,
    xf: 732,
    R: 52,
    wr: 200,
    wf: 587,
    yb: 356,
    tail: [70, 258, 6],
    c: [302, 258, 4],
    roofR: [316, 170, 16],
    roofF: [468, 168, 32],
    a: [552, 250, 25],
    hood: [716, 256, 26],
    noseDrop: 42,
    belt: 252,
    pillars: [430],
    doors: [540, 430, 310],
    insetC: 12,
    bed: true,
  },
};

function archPoints(cx, cy, AR, yb) {
  const dy = yb - cy;
  const dx = Math.sqrt(Math.max(AR * AR - dy * dy, 1));
  return [P(cx + dx, yb), { arc: true, x: cx - dx, y: yb, rx: AR, large: dy > 0, sweep: 0 }];
}

function wheel(cx, cy, R, id) {
  const rim = R * 0.64;
  let holes = '';
  for (let k = 0; k < 5; k++) {
    const a0 = ((k * 72 + 18 - 20) * Math.PI) / 180;
    const a1 = ((k * 72 + 18 + 20) * Math.PI) / 180;
    const ri = rim * 0.42;
    const ro = rim * 0.86;
    holes +=
      `M${r1(cx + ri * Math.cos(a0))} ${r1(cy + ri * Math.sin(a0))}` +
      `L${r1(cx + ro * Math.cos(a0))} ${r1(cy + ro * Math.sin(a0))}` +
      `A${r1(ro)} ${r1(ro)} 0 0 1 ${r1(cx + ro * Math.cos(a1))} ${r1(cy + ro * Math.sin(a1))}` +
      `L${r1(cx + ri * Math.cos(a1))} ${r1(cy + ri * Math.sin(a1))}Z`;
  }
  return (
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="#1F2328"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(R - 5)}" fill="none" stroke="#3A4048" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(rim)}" fill="url(#${id}rim)"/>` +
    `<path d="${holes}" fill="#3B4450"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(rim * 0.2)}" fill="#64748B"/>`
  );
}

function sideView(car) {
  const s = SIDE[car.shape];
  const id = 's';
  const G = 405;
  const cy = G - s.R;
  const AR = s.R + 7;
  const outline = darken(car.color, luminance(car.color) > 0.8 ? 0.3 : 0.35);

  const roofR = P(...s.roofR);
  const roofF = P(...s.roofF);
  const a = P(...s.a);
  const tail = P(...s.tail);
  const cPt = s.c ? P(...s.c) : null;
  const body = [
    P(s.xf - 12, s.yb, 12),
    ...archPoints(s.wf, cy, AR, s.yb),
    ...archPoints(s.wr, cy, AR, s.yb),
    P(s.xr + 12, s.yb, 12),
    P(s.xr, s.yb - 38, 14),
    tail,
    ...(cPt ? [cPt] : []),
    roofR,
    roofF,
    a,
    P(...s.hood),
    P(s.xf, s.hood[1] + s.noseDrop, 16),
    P(s.xf - 3, s.yb - 12, 10),
  ];

  // windows: inset from the windscreen line and the rear pillar line
  const rearBase = cPt || tail;
  const gap = 11;
  const topY = s.roofF[1] + gap;
  const insetA = 13;
  const insetC = s.insetC ?? 20;
  const wf1 = xAt(a, roofF, s.belt) - insetA;
  const wf2 = xAt(a, roofF, topY) - insetA;
  const wr2 = xAt(rearBase, roofR, topY) + insetC;
  // below the rear corner the body side is vertical, so the window edge is too
  const wr1 = (s.belt > rearBase.y ? rearBase.x : xAt(rearBase, roofR, s.belt)) + insetC;
  const win = [P(wf1, s.belt, 5), P(wf2, topY, 12), P(wr2, topY, 14), P(wr1, s.belt, 5)];

  const pillarColor = darken(car.color, 0.6);
  const pillars = s.pillars
    .map(
      (x, i) =>
        `<rect x="${x - (i === 0 ? 6 : 5)}" y="${topY - 2}" width="${i === 0 ? 12 : 10}" height="${s.belt - topY + 4}" fill="${pillarColor}"/>`,
    )
    .join('');
  const doors = s.doors
    .map(
      (x) =>
        `<path d="M${x} ${s.belt + 2}L${x + 3} ${s.yb - 8}" stroke="${outline}" stroke-width="2" opacity=".55" fill="none"/>`,
    )
    .join('');
  const handles = s.doors
    .slice(1)
    .map(
      (x) =>
        `<rect x="${x - 30}" y="${s.belt + 16}" width="22" height="6" rx="3" fill="${darken(car.color, 0.3)}"/>`,
    )
    .join('');
  const wellPath = (wx) => {
    const dy = s.yb - cy;
    const dx = Math.sqrt(AR * AR - dy * dy);
    return `M${r1(wx + dx)} ${s.yb}A${AR} ${AR} 0 ${dy > 0 ? 1 : 0} 0 ${r1(wx - dx)} ${s.yb}Z`;
  };

  const hx = s.hood[0];
  const hy = s.hood[1];
  const headlight = `<path d="${roundedPath([P(hx - 54, hy + 4, 4), P(hx + 8, hy + 8, 6), P(s.xf - 2, hy + 22, 5), P(hx - 44, hy + 16, 5)])}" fill="#FFF6D6" stroke="${outline}" stroke-width="1.5"/>`;
  const tailY = s.tail[1] + 8;
  const tailLight =
    car.shape === 'van' || car.shape === 'luxmpv'
      ? `<rect x="${s.xr - 1}" y="${s.tail[1] + 60}" width="12" height="70" rx="5" fill="#D62E2E"/>`
      : `<path d="${roundedPath([P(s.tail[0] - 3, tailY + 2, 4), P(s.tail[0] + 44, tailY + 4, 4), P(s.tail[0] + 40, tailY + 18, 4), P(s.tail[0] - 3, tailY + 18, 4)])}" fill="#D62E2E"/>`;
  const mirror = `<path d="${roundedPath([P(wf1 - 6, s.belt - 2, 3), P(wf1 + 14, s.belt - 16, 6), P(wf1 + 30, s.belt - 12, 6), P(wf1 + 24, s.belt + 2, 4)])}" fill="${darken(car.color, 0.15)}" stroke="${outline}" stroke-width="1.5"/>`;
  const crease = `<path d="M${s.xr + 20} ${s.belt + 26}L${s.xf - 40} ${s.hood[1] + 14}" stroke="${lighten(car.color, 0.45)}" stroke-width="3" opacity=".5" fill="none"/>`;
  const rocker = `<rect x="${r1(s.wr + AR + 2)}" y="${s.yb - 14}" width="${r1(s.wf - s.wr - 2 * AR - 4)}" height="14" rx="5" fill="${darken(car.color, 0.4)}" opacity=".6"/>`;
  const rails = s.rails
    ? `<path d="M${s.roofR[0] + 22} ${s.roofR[1] - 3}L${s.roofF[0] - 34} ${s.roofF[1] - 3}" stroke="#2A2F36" stroke-width="6" stroke-linecap="round"/>`
    : '';
  const bed = s.bed
    ? `<path d="M${s.xr + 8} ${s.tail[1] + 12}H${s.c[0] - 6}" stroke="${outline}" stroke-width="2" opacity=".6"/>` +
      `<rect x="${s.xr + 2}" y="${s.tail[1] - 4}" width="${s.c[0] - s.xr - 4}" height="6" rx="3" fill="#2A2F36"/>`
    : '';
  const slide = s.slide
    ? `<path d="M${s.pillars[1] - 8} ${s.belt + 34}H${s.pillars[s.pillars.length - 1] - 6}" stroke="${outline}" stroke-width="2" opacity=".45"/>`
    : '';
  const exhaust = car.ev
    ? ''
    : `<rect x="${s.xr + 22}" y="${s.yb - 6}" width="22" height="8" rx="4" fill="#4B5563"/>`;
  const chargePort = car.ev
    ? `<rect x="${s.wr + AR + 6}" y="${s.belt + 20}" width="24" height="16" rx="5" fill="none" stroke="${outline}" stroke-width="2" opacity=".7"/>`
    : '';
  const glare = `<path d="M${r1(wf2 - 30)} ${topY + 6}L${r1(wf2 - 60)} ${topY + 6}L${r1(wf1 - 80)} ${s.belt - 4}L${r1(wf1 - 44)} ${s.belt - 4}Z" fill="#fff" opacity=".18"/>`;
  const bumperFront = `<rect x="${s.xf - 30}" y="${s.yb - 26}" width="28" height="8" rx="4" fill="${darken(car.color, 0.45)}" opacity=".55"/>`;

  const svgBody =
    background(id, G, (s.xr + s.xf) / 2, (s.xf - s.xr) / 2 + 30) +
    `<path d="${wellPath(s.wf)}${wellPath(s.wr)}" fill="#171A1E"/>` +
    `<path d="${roundedPath(body)}" fill="url(#${id}bd)" stroke="${outline}" stroke-width="2" stroke-linejoin="round"/>` +
    rails +
    `<path d="${roundedPath(win)}" fill="url(#${id}gl)" stroke="${darken(car.color, 0.5)}" stroke-width="2"/>` +
    glare +
    pillars +
    crease +
    doors +
    handles +
    slide +
    bed +
    rocker +
    headlight +
    tailLight +
    bumperFront +
    mirror +
    chargePort +
    exhaust +
    wheel(s.wr, cy, s.R, id) +
    wheel(s.wf, cy, s.R, id);
  return svgDoc(`${car.name}, side view`, commonDefs(id, car.color), svgBody);
}

// ---------------------------------------------------------------- front and rear views

// W body width, top = hood/deck line, roof, bot = bumper bottom, roofW = roof width,
// grille style for the front view.
const FRONT = {
  sedan: { W: 500, top: 292, roof: 182, bot: 394, roofW: 330, grille: 'std' },
  luxury: { W: 530, top: 290, roof: 176, bot: 394, roofW: 350, grille: 'lux' },
  hatch: { W: 488, top: 288, roof: 170, bot: 394, roofW: 332, grille: 'std' },
  crossover: { W: 520, top: 276, roof: 156, bot: 386, roofW: 362, grille: 'std' },
  suv: { W: 548, top: 262, roof: 136, bot: 378, roofW: 404, grille: 'big' },
  mpv: { W: 516, top: 280, roof: 148, bot: 388, roofW: 384, grille: 'std' },
  minivan: { W: 548, top: 274, roof: 116, bot: 386, roofW: 436, grille: 'van' },
  luxmpv: { W: 548, top: 268, roof: 106, bot: 386, roofW: 444, grille: 'lux' },
  van: { W: 552, top: 270, roof: 86, bot: 382, roofW: 476, grille: 'van' },
  pickup: { W: 556, top: 258, roof: 146, bot: 374, roofW: 392, grille: 'big' },
};

function endView(car, rear) {
  const f = FRONT[car.shape];
  const id = rear ? 'r' : 'f';
  const cx = 400;
  const G = 425;
  const half = f.W / 2;
  const outline = darken(car.color, luminance(car.color) > 0.8 ? 0.3 : 0.35);
  const tyreW = car.shape === 'suv' || car.shape === 'pickup' ? 64 : 56;
  const tyres = [-1, 1]
    .map(
      (sgn) =>
        `<rect x="${r1(cx + sgn * (half - 40) - tyreW / 2)}" y="${f.bot - 36}" width="${tyreW}" height="${G - f.bot + 36}" rx="12" fill="#1F2328"/>`,
    )
    .join('');

  // lower body (fenders, bumper): left half then mirrored
  const leftLower = [
    P(cx - 40, f.bot, 0),
    P(cx - half + 24, f.bot, 14),
    P(cx - half, f.bot - 44, 18),
    P(cx - half + 4, f.top + 20, 22),
    P(cx - half + 34, f.top, 26),
    P(cx - 40, f.top - 4, 0),
  ];
  const lower = [...leftLower, ...mirror(leftLower, cx)].filter(
    (p, i, arr) => !(i > 0 && p.x === arr[i - 1].x && p.y === arr[i - 1].y),
  );

  // greenhouse
  const gB = half - 46; // half width at the beltline
  const gT = f.roofW / 2; // half width at the roof
  const leftG = [P(cx - gB, f.top + 2, 10), P(cx - gT, f.roof, 26), P(cx, f.roof - 2, 0)];
  const green = [...leftG, ...mirror(leftG, cx)].filter((p, i) => !(i === 3));
  // a pickup's cab has only a small back window above the bed
  const smallBack = rear && car.shape === 'pickup';
  const pillarW = smallBack ? 56 : rear ? 26 : 16;
  const glassTopInset = smallBack ? 22 : rear ? 16 : 10;
  const glassBotInset = smallBack ? 40 : rear ? 22 : 8;
  const tgl = f.roof + glassTopInset;
  const bgl = f.top - glassBotInset;
  const lerpX = (y) => gB + ((gT - gB) * (f.top + 2 - y)) / (f.top + 2 - f.roof);
  const glassL = [
    P(cx - lerpX(bgl) + pillarW, bgl, 8),
    P(cx - lerpX(tgl) + pillarW, tgl, 14),
    P(cx, tgl - 3, 0),
  ];
  const glass = [...glassL, ...mirror(glassL, cx)].filter((p, i) => !(i === 3));

  const mirrors = rear
    ? ''
    : [-1, 1]
        .map((sgn) => {
          const x0 = cx + sgn * (gB - 6);
          const x1 = cx + sgn * (gB + 44);
          return `<path d="${roundedPath([P(x0, f.top - 8, 4), P(x1, f.top - 26, 8), P(x1, f.top - 6, 6), P(x0, f.top + 2, 4)])}" fill="${darken(car.color, 0.12)}" stroke="${outline}" stroke-width="1.5"/>`;
        })
        .join('');

  const plate = (y) =>
    `<rect x="${cx - 46}" y="${y}" width="92" height="26" rx="4" fill="#FFFFFF" stroke="#64748B" stroke-width="2"/>` +
    `<path d="M${cx - 30} ${y + 10}H${cx + 30}M${cx - 22} ${y + 18}H${cx + 22}" stroke="#94A3B8" stroke-width="3"/>`;

  let details = '';
  if (!rear) {
    const ly = f.top + 20;
    const lights = [-1, 1]
      .map((sgn) => {
        const pts = [
          P(cx + sgn * (half - 22), ly, 6),
          P(cx + sgn * (half * 0.44), ly + 6, 6),
          P(cx + sgn * (half * 0.46), ly + 26, 6),
          P(cx + sgn * (half - 30), ly + 22, 8),
        ];
        return (
          `<path d="${roundedPath(sgn > 0 ? pts.reverse() : pts)}" fill="#FFF6D6" stroke="${outline}" stroke-width="2"/>` +
          `<circle cx="${r1(cx + sgn * (half * 0.62))}" cy="${ly + 15}" r="7" fill="#FFFFFF" opacity=".9"/>`
        );
      })
      .join('');
    let grille = '';
    const gw = half * 0.4;
    if (car.ev) {
      grille =
        `<path d="M${r1(cx - half * 0.44)} ${ly + 12}H${r1(cx + half * 0.44)}" stroke="#FFF6D6" stroke-width="3" opacity=".9"/>` +
        `<rect x="${cx - 14}" y="${ly + 26}" width="28" height="10" rx="5" fill="${darken(car.color, 0.35)}"/>` +
        `<rect x="${r1(cx - half * 0.5)}" y="${f.bot - 44}" width="${r1(half)}" height="18" rx="9" fill="#2A2F36"/>`;
    } else if (f.grille === 'big' || f.grille === 'van') {
      const gh = f.grille === 'big' ? 70 : 44;
      const gwid = f.grille === 'big' ? half * 0.42 : half * 0.4;
      const bars = [0.3, 0.55, 0.8]
        .map(
          (t) =>
            `<rect x="${r1(cx - gwid + 8)}" y="${r1(ly - 2 + gh * t)}" width="${r1(2 * gwid - 16)}" height="5" rx="2" fill="#C7CED6"/>`,
        )
        .join('');
      grille =
        `<path d="${roundedPath([P(cx - gwid, ly - 4, 8), P(cx + gwid, ly - 4, 8), P(cx + gwid * 0.88, ly - 4 + gh, 10), P(cx - gwid * 0.88, ly - 4 + gh, 10)])}" fill="#1E242B" stroke="#C7CED6" stroke-width="3"/>` +
        bars +
        `<rect x="${r1(cx - half * 0.55)}" y="${f.bot - 40}" width="${r1(half * 1.1)}" height="16" rx="8" fill="#2A2F36"/>`;
    } else if (f.grille === 'lux') {
      const big = car.shape === 'luxmpv';
      const lw = half * (big ? 0.34 : 0.22);
      const lh = big ? 104 : 80;
      let slats = '';
      for (let x = cx - lw + 10; x < cx + lw - 6; x += 10) slats += `M${r1(x)} ${ly - 4}V${ly + lh - 16}`;
      grille =
        `<rect x="${r1(cx - lw)}" y="${ly - 10}" width="${r1(2 * lw)}" height="${lh}" rx="10" fill="#1B2026" stroke="#D7DDE3" stroke-width="4"/>` +
        `<path d="${slats}" stroke="#AEB7C1" stroke-width="2.5"/>` +
        `<rect x="${r1(cx - half * 0.6)}" y="${f.bot - 38}" width="${r1(half * 1.2)}" height="14" rx="7" fill="#2A2F36"/>`;
    } else {
      grille =
        `<path d="${roundedPath([P(cx - gw, ly + 4, 8), P(cx + gw, ly + 4, 8), P(cx + gw * 0.8, ly + 40, 10), P(cx - gw * 0.8, ly + 40, 10)])}" fill="#1E242B"/>` +
        `<path d="M${r1(cx - gw + 10)} ${ly + 16}H${r1(cx + gw - 10)}M${r1(cx - gw + 14)} ${ly + 28}H${r1(cx + gw - 14)}" stroke="#5B6571" stroke-width="3"/>` +
        `<path d="M${r1(cx - gw)} ${ly + 4}H${r1(cx + gw)}" stroke="#C7CED6" stroke-width="4" stroke-linecap="round"/>` +
        `<rect x="${r1(cx - half * 0.56)}" y="${f.bot - 42}" width="${r1(half * 1.12)}" height="18" rx="9" fill="#2A2F36"/>`;
    }
    const emblem = `<circle cx="${cx}" cy="${ly + (f.grille === 'lux' ? 0 : 20)}" r="8" fill="#E5E9EE" stroke="#8A95A3" stroke-width="2"/>`;
    const fogs = [-1, 1]
      .map(
        (sgn) =>
          `<circle cx="${r1(cx + sgn * half * 0.72)}" cy="${f.bot - 32}" r="7" fill="#FFF6D6" stroke="${outline}" stroke-width="1.5"/>`,
      )
      .join('');
    const hoodHi = `<path d="M${r1(cx - half + 60)} ${f.top + 6}Q${cx} ${f.top - 2} ${r1(cx + half - 60)} ${f.top + 6}" stroke="${lighten(car.color, 0.5)}" stroke-width="3" fill="none" opacity=".6"/>`;
    details = hoodHi + lights + grille + emblem + fogs + plate(f.bot - (car.ev ? 74 : 70));
  } else {
    const ly = f.top + (car.shape === 'van' || car.shape === 'pickup' ? -30 : 10);
    const tall =
      car.shape === 'van' || car.shape === 'pickup' || car.shape === 'minivan' || car.shape === 'luxmpv';
    const lights = [-1, 1]
      .map((sgn) => {
        const outer = cx + sgn * (half - 8);
        const inner = cx + sgn * (half * (tall ? 0.8 : 0.55));
        const h = tall ? 64 : 26;
        return (
          `<path d="${roundedPath([P(outer, ly, 6), P(inner, ly + 2, 6), P(inner, ly + h - 4, 6), P(outer - sgn * 4, ly + h, 6)])}" fill="#D62E2E" stroke="${darken('#D62E2E', 0.35)}" stroke-width="2"/>` +
          `<rect x="${r1(Math.min(outer, inner) + 8)}" y="${ly + 6}" width="${r1(Math.abs(outer - inner) - 18)}" height="5" rx="2" fill="#FCA5A5" opacity=".8"/>`
        );
      })
      .join('');
    const lightBar =
      car.ev || car.shape === 'luxury' || car.shape === 'luxmpv'
        ? `<rect x="${r1(cx - half * 0.55)}" y="${ly + 8}" width="${r1(half * 1.1)}" height="7" rx="3" fill="#E24A4A"/>`
        : '';
    const panel = `<path d="M${r1(cx - half * 0.62)} ${f.top + 6}V${f.top + 66}Q${cx} ${f.top + 74} ${r1(cx + half * 0.62)} ${f.top + 66}V${f.top + 6}" stroke="${outline}" stroke-width="2" fill="none" opacity=".5"/>`;
    const bedEdge =
      car.shape === 'pickup'
        ? `<rect x="${r1(cx - half + 20)}" y="${f.top - 16}" width="${r1(f.W - 40)}" height="18" rx="4" fill="#262B31"/>`
        : '';
    const bumper = `<rect x="${r1(cx - half * 0.7)}" y="${f.bot - 30}" width="${r1(half * 1.4)}" height="14" rx="7" fill="#2A2F36"/>`;
    const exhaust = car.ev
      ? ''
      : `<ellipse cx="${r1(cx - half * 0.55)}" cy="${f.bot - 6}" rx="14" ry="6" fill="#374151"/>`;
    const emblem = `<circle cx="${cx}" cy="${f.top + 22}" r="8" fill="#E5E9EE" stroke="#8A95A3" stroke-width="2"/>`;
    details = bedEdge + panel + lights + lightBar + emblem + plate(f.top + 38) + bumper + exhaust;
  }

  const svgBody =
    background(id, G, cx, half + 40) +
    tyres +
    `<path d="${roundedPath(green)}" fill="${darken(car.color, 0.08)}" stroke="${outline}" stroke-width="2"/>` +
    `<path d="${roundedPath(glass)}" fill="url(#${id}gl)" stroke="${darken(car.color, 0.5)}" stroke-width="2"/>` +
    `<path d="M${cx - 40} ${tgl + 8}L${cx - 90} ${bgl - 6}H${cx - 56}L${cx - 6} ${tgl + 8}Z" fill="#fff" opacity=".16"/>` +
    `<path d="${roundedPath(lower)}" fill="url(#${id}bd)" stroke="${outline}" stroke-width="2"/>` +
    mirrors +
    details;
  return svgDoc(`${car.name}, ${rear ? 'rear' : 'front'} view`, commonDefs(id, car.color), svgBody);
}

// ---------------------------------------------------------------- hero illustration

function hero() {
  const W = 1600;
  const H = 600;
  const hz = 372; // horizon
  let d = '';
  // sky, sun, haze
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#25406E"/><stop offset=".45" stop-color="#C8617A"/><stop offset=".8" stop-color="#F59E5B"/><stop offset="1" stop-color="#FCD38D"/></linearGradient>` +
    `<radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#FFF4C2"/><stop offset=".35" stop-color="#FFD770"/><stop offset="1" stop-color="#FFB347" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="land" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3D3550"/><stop offset="1" stop-color="#1E2233"/></linearGradient>` +
    `<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4A4560"/><stop offset="1" stop-color="#23252F"/></linearGradient>`;
  d += `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  d += `<circle cx="800" cy="${hz - 10}" r="230" fill="url(#sun)"/><circle cx="800" cy="${hz - 6}" r="62" fill="#FFE9A8"/>`;
  // thin clouds
  d += `<g fill="#FFE3C4" opacity=".35"><rect x="180" y="140" width="300" height="8" rx="4"/><rect x="240" y="158" width="200" height="6" rx="3"/><rect x="1080" y="110" width="340" height="8" rx="4"/><rect x="1160" y="128" width="220" height="6" rx="3"/><rect x="620" y="205" width="150" height="5" rx="2.5"/></g>`;

  // skyline (right of centre): office towers, one stepped tower
  let city = '';
  const towers = [
    [900, 300, 36],
    [940, 262, 30],
    [975, 318, 40],
    [1020, 238, 34],
    [1058, 290, 44],
    [1106, 210, 30],
    [1140, 276, 38],
    [1182, 250, 28],
    [1214, 300, 46],
    [1264, 268, 32],
    [1300, 312, 40],
    [1345, 286, 30],
    [1380, 326, 44],
    [1430, 300, 28],
    [1460, 334, 50],
    [1515, 318, 34],
    [1552, 340, 48],
  ];
  for (const [x, y, w] of towers) city += `M${x} ${hz}V${y}H${x + w}V${hz}Z`;
  // Mahanakhon-like pixelated tower
  city += `M1106 ${hz}V210H1120V196H1128V182H1136V${hz}Z`;
  // antenna
  city += `M1036 238V206H1040V238Z`;
  d += `<path d="${city}" fill="#6B4E74" opacity=".75"/>`;
  // tiny lit windows
  let lit = '';
  for (let i = 0; i < 60; i++) {
    const t = towers[i % towers.length];
    const x = t[0] + 6 + ((i * 7) % Math.max(t[2] - 12, 1));
    const y = t[1] + 12 + ((i * 23) % Math.max(hz - t[1] - 24, 1));
    lit += `M${x} ${y}h4v3h-4Z`;
  }
  d += `<path d="${lit}" fill="#FFD98A" opacity=".7"/>`;

  // temple (left of centre): stupa/prang and a tiered roof with chofa finials
  const tx = 470;
  let temple = '';
  // prang (tall corn-cob tower)
  const px = tx + 268;
  temple += `M${px - 44} ${hz}V334H${px - 38}V320H${px - 32}V304Q${px - 34} 252 ${px - 16} 214Q${px - 7} 194 ${px - 3} 186L${px} 138L${px + 3} 186Q${px + 7} 194 ${px + 16} 214Q${px + 34} 252 ${px + 32} 304V320H${px + 38}V334H${px + 44}V${hz}Z`;
  // ordination hall: base, three stacked roofs
  // a gable with upturned hang hong hooks at both eave ends
  const roof = (x0, x1, yBase, h, over) =>
    `M${x0 - over} ${yBase}L${(x0 + x1) / 2} ${yBase - h}L${x1 + over} ${yBase}Z` +
    `M${x0 - over + 2} ${yBase}l-12 -12l3 -1l13 8ZM${x1 + over - 2} ${yBase}l12 -12l-3 -1l-13 8Z`;
  temple += `M${tx - 10} ${hz}V318H${tx + 200}V${hz}Z`;
  temple += roof(tx - 10, tx + 200, 322, 54, 26);
  temple += roof(tx + 10, tx + 180, 300, 48, 16);
  temple += roof(tx + 34, tx + 156, 280, 40, 8);
  // chofa finials (upturned horns at the gable ends)
  temple += `M${tx + 95} 240Q${tx + 84} 222 ${tx + 92} 214L${tx + 97} 218Q${tx + 92} 226 ${tx + 99} 238Z`;
  temple += `M${tx + 95} 240Q${tx + 106} 222 ${tx + 98} 214L${tx + 93} 218Q${tx + 98} 226 ${tx + 91} 238Z`;
  // bai raka (serrated edges) suggested with small teeth on the lowest roof
  for (let i = 0; i < 8; i++) {
    const x = tx - 30 + i * 14;
    const y = 322 - ((i * 14 + 4) * 54) / 131;
    temple += `M${r1(x)} ${r1(y)}l4 -9l4 7Z`;
  }
  // small chedi on the far left
  temple += `M330 ${hz}V330H336Q338 300 352 290Q360 258 362 236L364 236Q366 258 374 290Q388 300 390 330H396V${hz}Z`;
  d += `<path d="${temple}" fill="#4E3556" opacity=".9"/>`;
  // the prang's stacked tiers
  let tiers = '';
  for (const [y, w] of [
    [296, 30],
    [276, 28],
    [256, 24],
    [236, 19],
    [218, 13],
    [202, 8],
  ])
    tiers += `M${px - w} ${y}H${px + w}`;
  d += `<path d="${tiers}" stroke="#7A5A82" stroke-width="3" opacity=".8"/>`;

  // land and road (perspective to the vanishing point at the sun)
  d += `<rect y="${hz}" width="${W}" height="${H - hz}" fill="url(#land)"/>`;
  d += `<path d="M770 ${hz}H830L1260 ${H}H340Z" fill="url(#road)"/>`;
  d += `<path d="M776 ${hz}L350 ${H}M824 ${hz}L1250 ${H}" stroke="#F3C98B" stroke-width="4" opacity=".7"/>`;
  // centre dashes
  let dashes = '';
  for (let i = 0; i < 9; i++) {
    const t0 = Math.pow((i + 0.2) / 9, 1.7);
    const t1 = Math.pow((i + 0.6) / 9, 1.7);
    const y0 = hz + (H - hz) * t0;
    const y1 = hz + (H - hz) * t1;
    const w0 = 1 + 9 * t0;
    const w1 = 1 + 9 * t1;
    dashes += `M${r1(800 - w0 / 2)} ${r1(y0)}H${r1(800 + w0 / 2)}L${r1(800 + w1 / 2)} ${r1(y1)}H${r1(800 - w1 / 2)}Z`;
  }
  d += `<path d="${dashes}" fill="#FFE1A8"/>`;
  // sun reflection on the road
  d += `<path d="M790 ${hz}H810L860 ${H}H740Z" fill="#FFD58A" opacity=".12"/>`;

  // palm trees (silhouettes), drawn with a trunk curve and fronds
  const palm = (x, base, h, lean, s) => {
    const topX = x + lean;
    const topY = base - h;
    let p = `<path d="M${x - 7 * s} ${base}Q${x + lean * 0.2} ${base - h * 0.5} ${topX - 3 * s} ${topY}L${topX + 3 * s} ${topY}Q${x + lean * 0.2 + 8 * s} ${base - h * 0.5} ${x + 7 * s} ${base}Z" fill="#1A1726"/>`;
    const fronds = [
      [-1, -0.15],
      [-0.85, 0.35],
      [-0.4, 0.7],
      [0.4, 0.7],
      [0.85, 0.35],
      [1, -0.15],
      [0.1, -0.5],
    ];
    let fp = '';
    for (const [dx, dy] of fronds) {
      const ex = topX + dx * 95 * s;
      const ey = topY + dy * 60 * s + 20 * s;
      const mx = topX + dx * 55 * s;
      const my = topY + dy * 30 * s - 22 * s;
      fp += `M${r1(topX)} ${r1(topY)}Q${r1(mx)} ${r1(my - 8 * s)} ${r1(ex)} ${r1(ey)}Q${r1(mx)} ${r1(my + 8 * s)} ${r1(topX)} ${r1(topY + 6 * s)}Z`;
    }
    p += `<path d="${fp}" fill="#1A1726"/>`;
    return p;
  };
  d +=
    palm(120, H, 330, 40, 1.15) +
    palm(255, H, 250, -30, 0.9) +
    palm(1480, H, 340, -45, 1.2) +
    palm(1350, H, 240, 25, 0.85);
  d +=
    palm(600, hz + 14, 90, 8, 0.35) + palm(1000, hz + 12, 80, -6, 0.3) + palm(1070, hz + 14, 100, 10, 0.38);
  // low bushes along the roadside
  d += `<path d="M0 ${H}V540Q60 520 120 540Q190 515 260 545Q320 528 380 560L340 ${H}ZM1600 ${H}V535Q1540 515 1480 538Q1410 518 1340 546Q1280 530 1220 560L1260 ${H}Z" fill="#17141F"/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" preserveAspectRatio="xMidYMid slice">` +
    `<title>A road at sunset towards the Bangkok skyline, a temple roof and palm trees</title><defs>${defs}</defs>${d}</svg>\n`
  );
}

// ---------------------------------------------------------------- write files

fs.mkdirSync(CARS_DIR, { recursive: true });
let count = 0;
const write = (file, text) => {
  fs.writeFileSync(file, text);
  count++;
};
for (const [slug, name, category, color, over = {}] of CARS) {
  const car = {
    slug,
    name,
    category,
    color,
    shape: over.shape || SHAPE_BY_CATEGORY[category],
    ev: category === 'electric',
  };
  write(path.join(CARS_DIR, `${slug}-1.svg`), sideView(car));
  write(path.join(CARS_DIR, `${slug}-2.svg`), endView(car, false));
  write(path.join(CARS_DIR, `${slug}-3.svg`), endView(car, true));
}
write(
  path.join(CARS_DIR, 'default.svg'),
  sideView({ slug: 'default', name: 'Car', category: 'sedan', color: '#9CA3AF', shape: 'sedan', ev: false }),
);
// A car model without pictures of its own shows one of these, chosen by its id (spec §2: "a fallback
// picture by model id"; packages/contract/src/images.ts fallbackCarPicture): six body shapes in quiet
// colours, so neighbouring cards without pictures do not all look the same.
for (const [n, shape, color] of FALLBACKS)
  write(
    path.join(CARS_DIR, `fallback-${n}.svg`),
    sideView({ slug: `fallback-${n}`, name: 'Car', category: 'sedan', color, shape, ev: false }),
  );
write(path.join(IMAGES_DIR, 'hero-road.svg'), hero());
console.log(`draw-cars: wrote ${count} SVG files to ${path.relative(ROOT, IMAGES_DIR)}`);
