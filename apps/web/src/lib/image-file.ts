import { IMAGE_MAX_BYTES, MSG } from '@kopi/shared';

const ALLOWED_TYPES = ['image/jpeg', 'image/png'];
const ALLOWED_EXTENSION = /\.(jpe?g|png)$/i;

/**
 * docs/shop-rules.md#pictures: an upload is a .jpeg, .jpg or .png of at most 2 MB. The server checks the bytes again;
 * this only spares the person an upload that would be refused.
 */
export function imageFileError(file: File): string | null {
  if (!ALLOWED_TYPES.includes(file.type) || !ALLOWED_EXTENSION.test(file.name)) return MSG.fileTypeWrong;
  if (file.size > IMAGE_MAX_BYTES) return MSG.fileTooBig;
  return null;
}
