/** Every resource's `image` is a path such as 'images/<sha256>.webp' served at the host root. */
export function imageUrl(path: string, width?: ImageWidth): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  return width ? `${url}?w=${width}` : url;
}

/** The widths the server makes smaller copies at (GET /images/<sha256>.webp?w=…). */
export type ImageWidth = 160 | 320 | 640;

/**
 * `src` and `srcSet` for a picture shown at most `width` CSS pixels wide: the smaller copy on
 * ordinary screens, twice the pixels on sharp ones (a list never downloads full-size photos).
 */
export function imageSources(path: string, width: ImageWidth): { src: string; srcSet: string } {
  const sharp = width === 640 ? imageUrl(path) : imageUrl(path, (width * 2) as ImageWidth);
  return { src: imageUrl(path, width), srcSet: `${imageUrl(path, width)} 1x, ${sharp} 2x` };
}
