/**
 * Pictures in several widths, so a phone downloads the one its screen needs
 * (`srcset` + `sizes`) and never a drawing it must lay out itself.
 *
 * - Our own drawings (`/images/**.svg`) ship beside their SVG as WebP in
 *   these widths (`NAME-400.webp` …), made by `node scripts/rasterize-images.mjs`.
 *   An SVG in an <img> is a whole document the phone parses, lays out and
 *   paints on its main thread; a WebP is decoded off it.
 * - Staff uploads (`/uploads/cars/NAME-800.webp`) are written in the same
 *   widths by the API (apps/api/src/modules/fleet/car-images.ts).
 * - Any other address is used as it is.
 */
export const pictureWidths = [400, 800, 1200] as const;

/** The home page's hero drawing: its largest first paint, which the server hints early. */
export const heroPicture = '/images/hero-road.svg';

/** How wide each picture is shown, for `sizes`; the server's preload hints use the same. */
export const pictureSizes = {
  /** The home page's hero: the whole width. */
  hero: '100vw',
  /** A car's main picture on its page: the left column beside the booking box from lg (1024 px). */
  carGallery: '(min-width: 1280px) 850px, (min-width: 1024px) calc(100vw - 26rem), 100vw',
  /** A card in the listing or on the home page: 1, 2 or 3 columns. */
  carCard: '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw',
  /** An article's cover in the list (2-3 columns) or on its page (the text column). */
  articleCover: '(min-width: 768px) 768px, 100vw',
  /** A thumbnail in the car page's gallery (96 × 60). */
  thumbnail: '96px',
} as const;

export interface ResponsivePicture {
  src: string;
  srcSet?: string;
}

const drawing = /^(\/images\/[a-z0-9][a-z0-9/_-]*)\.svg$/i;
const upload = /^(\/uploads\/cars\/[a-z0-9-]+)-800\.webp$/;

/** The `src` and `srcSet` for a picture's address (see above). */
export function responsivePicture(url: string): ResponsivePicture {
  const base = drawing.exec(url)?.[1] ?? upload.exec(url)?.[1];
  if (!base || url.includes('..')) return { src: url };
  return {
    src: `${base}-800.webp`,
    srcSet: pictureWidths.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
  };
}

/** The default picture: a car whose fallback drawing cannot be loaded either. */
export const defaultCarPicture = '/images/cars/default.svg';

/** How many fallback drawings ship (apps/web/public/images/cars/fallback-N.svg, scripts/draw-cars.mjs). */
export const fallbackCarPictureCount = 6;

/**
 * Spec §2's third step for a car without pictures: "a fallback picture by model id". The model's id
 * picks one of the shipped drawings (id 1 → fallback-1 … id 6 → fallback-6, id 7 → fallback-1), so a
 * model always shows the same one and neighbouring models without pictures differ.
 */
export function fallbackCarPicture(carModelId: number): string {
  const n =
    (((Math.trunc(carModelId) - 1) % fallbackCarPictureCount) + fallbackCarPictureCount) %
    fallbackCarPictureCount;
  return `/images/cars/fallback-${n + 1}.svg`;
}
