import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/file-storage';

/** The widths every uploaded car picture is made in, each as WebP and AVIF. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const IMAGE_FORMATS = ['webp', 'avif'] as const;
/** The file the catalog's `url` names; the other sizes sit beside it (`-400`, `-1200`, `.avif`). */
const MAIN_WIDTH = 800;
export const UPLOADS_PUBLIC_PATH = '/uploads/cars';
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
const MAX_INPUT_PIXELS = 40_000_000;

/** The folder of the file storage car pictures live in (public: served at /uploads/cars/…). */
export const CAR_PICTURES_FOLDER = 'cars';

export interface ProcessedImage {
  /** Public path of the 800 px WebP. */
  url: string;
  width: number;
  height: number;
}

/** The content type of a car picture file, from its name. */
export const carPictureType = (file: string) => (file.endsWith('.avif') ? 'image/avif' : 'image/webp');

/**
 * Checks an upload by its content (never its name or declared type) and
 * stores it in three widths as WebP and AVIF (the `cars` folder of the file storage). Pictures are never enlarged;
 * EXIF rotation is applied and metadata dropped.
 */
export async function processCarImage(buffer: Buffer, pictures: FileStorage): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a picture (JPEG, PNG, WebP or AVIF)');
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a picture (JPEG, PNG, WebP or AVIF)');
  if (meta.width < 200 || meta.height < 100)
    throw new AppError('VALIDATION_FAILED', 'The picture is too small: at least 200 × 100 pixels', [
      { path: 'file', message: 'At least 200 × 100 pixels' },
    ]);

  const name = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const files: string[] = [];
  let main = { width: 0, height: 0 };
  try {
    for (const width of IMAGE_WIDTHS) {
      const resized = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      for (const format of IMAGE_FORMATS) {
        const file = `${name}-${width}.${format}`;
        const out =
          format === 'webp'
            ? resized.clone().webp({ quality: 80 })
            : resized.clone().avif({ quality: 55, effort: 2 });
        const { data, info } = await out.toBuffer({ resolveWithObject: true });
        await pictures.put(file, data, carPictureType(file));
        files.push(file);
        if (width === MAIN_WIDTH && format === 'webp') main = { width: info.width, height: info.height };
      }
    }
  } catch (error) {
    await Promise.all(files.map((file) => pictures.delete(file)));
    throw error;
  }
  return { url: `${UPLOADS_PUBLIC_PATH}/${name}-${MAIN_WIDTH}.webp`, ...main };
}

/** The sizes and formats made from an upload, from its main URL (none for other pictures). */
export function imageVariants(url: string) {
  const match = new RegExp(`^${UPLOADS_PUBLIC_PATH}/([a-z0-9-]+)-${MAIN_WIDTH}\\.webp$`).exec(url);
  if (!match) return [];
  return IMAGE_WIDTHS.flatMap((width) =>
    IMAGE_FORMATS.map((format) => ({
      url: `${UPLOADS_PUBLIC_PATH}/${match[1]}-${width}.${format}`,
      width,
      format,
    })),
  );
}

/** Deletes an upload's files (after the row is gone); a missing file is fine. */
export async function removeUploadedImage(url: string, pictures: FileStorage): Promise<void> {
  await Promise.all(
    imageVariants(url).map((v) => pictures.delete(v.url.slice(UPLOADS_PUBLIC_PATH.length + 1))),
  );
}
