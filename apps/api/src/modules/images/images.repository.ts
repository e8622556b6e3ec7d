import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

/** Content-addressed: saving the same bytes twice keeps one row. */
export async function saveImage(db: Db, image: { sha256: string; bytes: Buffer }): Promise<void> {
  await db.insert(images).values({ sha256: image.sha256, content_type: 'image/webp', data: image.bytes }).onConflictDoNothing();
}

export async function findImage(db: Db, sha256: string) {
  const [row] = await db.select({ content_type: images.content_type, data: images.data }).from(images).where(eq(images.sha256, sha256));
  return row;
}
