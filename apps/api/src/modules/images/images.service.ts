import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { fileTypeNotAllowed } from '../../plugins/errors.ts';
import { findImage, findVariant, saveImage, saveVariant } from './images.repository.ts';

// spec §5: JPEG or PNG only. Judged by the file's magic bytes, never its name or declared type.
const ALLOWED = new Set(['image/jpeg', 'image/png']);
const MAX_SIDE = 1200;
// Rejects decompression bombs: a small file that unpacks to a gigantic bitmap.
const MAX_INPUT_PIXELS = 40_000_000;

export function imagePath(sha256: string): string {
  return `images/${sha256}.webp`;
}

/**
 * Re-encodes a picture to WebP: this drops metadata (GPS, camera) and anything hidden after the
 * pixels, bounds its size, and gives every picture one content type.
 */
export async function reencode(input: Buffer): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
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
  if (!type || !ALLOWED.has(type.mime)) throw fileTypeNotAllowed();
  let bytes: Buffer;
  try {
    bytes = await reencode(input);
  } catch {
    // JPEG/PNG magic bytes on a body that does not decode as a picture.
    throw fileTypeNotAllowed();
  }
  return { bytes, sha256: sha256Of(bytes) };
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
export async function readImage(db: Db, sha256: string, width?: VariantWidth): Promise<{ contentType: string; data: Buffer } | undefined> {
  if (width) {
    const kept = await findVariant(db, sha256, width);
    if (kept) return { contentType: 'image/webp', data: kept };
  }
  const original = await findImage(db, sha256);
  if (!original || !width) return original && { contentType: original.content_type, data: original.data };
  const data = await sharp(original.data).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  await saveVariant(db, sha256, width, data);
  return { contentType: 'image/webp', data };
}
