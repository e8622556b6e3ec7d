import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { AppError, fileTypeNotAllowed } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import { createWorkQueue } from '../../lib/work-queue.ts';
import { findImage, findVariant, saveImage, saveVariant } from './images.repository.ts';

// docs/shop-rules.md#pictures: JPEG or PNG only. Judged by the file's magic bytes, never its name or declared type.
const ALLOWED = new Set(['image/jpeg', 'image/png']);
const MAX_SIDE = 1200;
/**
 * A product photo is shown at 1200 px at most: 25 megapixels takes a 24-megapixel camera's
 * 6000 × 4000 and refuses the decompression bombs (a small file that unpacks to a gigantic bitmap)
 * that took the server's memory (docs/shop-rules.md#pictures).
 */
export const MAX_INPUT_PIXELS = 25_000_000;

// libvips keeps recent pictures in a cache of its own: uploads are seen once, so it only holds memory.
sharp.cache(false);

/**
 * Picture work (decoding and re-encoding) runs a few at a time, whatever the number of uploads
 * arriving together; a burst beyond the line waiting is refused with 503 (docs/shop-rules.md#pictures).
 */
export const pictureWork = createWorkQueue({
  concurrency: Math.max(1, Math.min(4, availableParallelism())),
  maxWaiting: 16,
  retryAfterSeconds: 5,
  busyMessage: 'server.imagesBusy',
});

const tooManyPixels = () => new AppError('image_too_large', phrase('server.imageTooLarge', { megapixels: MAX_INPUT_PIXELS / 1_000_000 }));

const JPEG_END = Buffer.from([0xff, 0xd9]);
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]); // the IEND chunk

/**
 * A file cut short lacks its end marker: a JPEG ends with EOI (padding aside), a PNG has its IEND
 * chunk. libvips would otherwise fill the missing part with grey and keep it.
 */
function isComplete(input: Buffer, mime: string): boolean {
  if (mime === 'image/png') return input.includes(PNG_END);
  let end = input.length;
  while (end > 0 && input[end - 1] === 0) end -= 1; // some writers pad the file with zeros
  return end >= 2 && input.subarray(end - 2, end).equals(JPEG_END);
}

export function imagePath(sha256: string): string {
  return `images/${sha256}.webp`;
}

/**
 * Re-encodes a picture to WebP: this drops metadata (GPS, camera) and anything hidden after the
 * pixels, bounds its size, and gives every picture one content type.
 */
export async function reencode(input: Buffer): Promise<Buffer> {
  // failOn 'warning': libjpeg only warns about damaged data (and fills it with grey); refuse it.
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

export interface PreparedImage {
  bytes: Buffer;
  sha256: string;
}

/** Checks an upload and turns it into stored-ready WebP bytes; throws 415 for anything else. */
export async function prepareUpload(input: Buffer): Promise<PreparedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ALLOWED.has(type.mime) || !isComplete(input, type.mime)) throw fileTypeNotAllowed();
  return pictureWork.run(async () => {
    // The header alone says the size: a picture with too many pixels is refused before it is decoded.
    const { width, height } = await sharp(input)
      .metadata()
      .catch(() => ({ width: undefined, height: undefined }));
    if (!width || !height) throw fileTypeNotAllowed();
    if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
    let bytes: Buffer;
    try {
      bytes = await reencode(input);
    } catch {
      // JPEG/PNG magic bytes on a body that does not decode cleanly as a picture.
      throw fileTypeNotAllowed();
    }
    return { bytes, sha256: sha256Of(bytes) };
  });
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stores a prepared picture and answers the path a resource's `image` field holds. */
export async function storeImage(db: Db, image: PreparedImage): Promise<string> {
  await saveImage(db, image);
  return imagePath(image.sha256);
}

/** Checks a raw upload, when there is one, before anything is written. */
export async function prepareOptionalUpload(input: Buffer | undefined): Promise<PreparedImage | undefined> {
  return input ? prepareUpload(input) : undefined;
}

/** The widths a list or a thumbnail may ask for (a fixed list: nobody can make the server render any size). */
export const VARIANT_WIDTHS = [160, 320, 640] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/**
 * A picture's bytes, at most `width` pixels wide when a width is asked for. A smaller copy is made
 * on the first request and kept in the database, so every instance serves it from then on.
 */
export interface ImageAnswer {
  contentType: string;
  data: Buffer;
  /** The original sent in place of a smaller copy (the picture queue was full): not to be kept as the copy. */
  stopgap?: true;
}

export async function readImage(db: Db, sha256: string, width?: VariantWidth): Promise<ImageAnswer | undefined> {
  if (width) {
    const kept = await findVariant(db, sha256, width);
    if (kept) return { contentType: 'image/webp', data: kept };
  }
  const original = await findImage(db, sha256);
  if (!original || !width) return original && { contentType: original.content_type, data: original.data };
  let data: Buffer;
  try {
    data = await pictureWork.run(() => sharp(original.data).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer());
  } catch (error) {
    // The picture queue is full: a page's <img> does not retry a 503, so it gets the (larger) original
    // this time, and the smaller copy is made by a later request (so no cache may keep this answer).
    if (error instanceof AppError && error.statusCode === 503)
      return { contentType: original.content_type, data: original.data, stopgap: true };
    throw error;
  }
  await saveVariant(db, sha256, width, data);
  return { contentType: 'image/webp', data };
}
