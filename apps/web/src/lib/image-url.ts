/** Every resource's `image` is a path such as 'images/<sha256>.webp' served at the host root. */
export function imageUrl(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}
