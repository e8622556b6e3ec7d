import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, imageVariants } from '../../db/schema.ts';

/** Content-addressed: saving the same bytes twice keeps one row. */
export async function saveImage(db: Db, image: { sha256: string; bytes: Buffer }): Promise<void> {
  await db.insert(images).values({ sha256: image.sha256, content_type: 'image/webp', data: image.bytes }).onConflictDoNothing();
}

export async function findImage(db: Db, sha256: string) {
  const [row] = await db.select({ content_type: images.content_type, data: images.data }).from(images).where(eq(images.sha256, sha256));
  return row;
}

export async function findVariant(db: Db, sha256: string, width: number) {
  const [row] = await db
    .select({ data: imageVariants.data })
    .from(imageVariants)
    .where(and(eq(imageVariants.sha256, sha256), eq(imageVariants.width, width)));
  return row?.data;
}

/** Two instances making the same variant at once store it once. */
export async function saveVariant(db: Db, sha256: string, width: number, data: Buffer): Promise<void> {
  await db.insert(imageVariants).values({ sha256, width, data }).onConflictDoNothing();
}
