import { MSG, type Promo, PromoFieldsSchema, PromoPatchSchema, today } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound, parseOrThrow } from '../../plugins/errors.ts';
import type { FormInput } from '../../plugins/multipart.ts';
import { prepareOptionalUpload, prepareUpload, storeImage } from '../images/images.service.ts';
import { codeTaken, findPromo, insertPromo, listPromos, softDeletePromo, updatePromo } from './promos.repository.ts';

const promoNotFound = () => notFound('Promo not found');

/** A new or moved expiry in the past would make a promo nobody can use. */
function checkDuration(duration: string | undefined): void {
  if (duration !== undefined && duration < today()) {
    throw badRequest('Expire date must be today or later', [{ field: 'duration', message: 'Expire date must be today or later' }]);
  }
}

async function checkCode(db: Db, code: string | undefined, exceptId?: number): Promise<void> {
  if (code !== undefined && (await codeTaken(db, code, exceptId))) throw conflict(`Coupon code ${code} is already used by another promo`);
}

/** Active promos for everyone; admins also see the ones that ended, to edit or extend them. */
export async function visiblePromos(db: Db, isAdmin: boolean): Promise<Promo[]> {
  return listPromos(db, isAdmin);
}

export async function getPromo(db: Db, id: number): Promise<Promo> {
  const promo = await findPromo(db, id);
  if (!promo) throw promoNotFound();
  return promo;
}

export async function createPromo(db: Db, form: FormInput): Promise<Promo> {
  const fields = parseOrThrow(PromoFieldsSchema, form.fields);
  if (!form.image) throw badRequest(MSG.allInputRequired, [{ field: 'images', message: MSG.allInputRequired }]);
  checkDuration(fields.duration);
  await checkCode(db, fields.code);
  const image = await prepareUpload(form.image);
  const id = await db.transaction(async (tx) => insertPromo(tx as Db, { ...fields, image: await storeImage(tx as Db, image) }));
  return getPromo(db, id);
}

export async function editPromo(db: Db, id: number, form: FormInput): Promise<Promo> {
  const patch = parseOrThrow(PromoPatchSchema, form.fields);
  const image = await prepareOptionalUpload(form.image);
  if (Object.keys(patch).length === 0 && !image) throw badRequest('Nothing to change: send at least one field');
  await getPromo(db, id);
  checkDuration(patch.duration);
  await checkCode(db, patch.code, id);
  const updated = await db.transaction(async (tx) =>
    updatePromo(tx as Db, id, image ? { ...patch, image: await storeImage(tx as Db, image) } : patch),
  );
  if (!updated) throw promoNotFound();
  return getPromo(db, id);
}

export async function deletePromo(db: Db, id: number): Promise<void> {
  if (!(await softDeletePromo(db, id))) throw promoNotFound();
}
