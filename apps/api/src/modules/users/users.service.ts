import { MEMBER_CARD_GOAL, type Profile, ProfilePatchSchema, type RegisterInput, ROLES, shopDate } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound, parseOrThrow } from '../../lib/errors.ts';
import type { FormInput } from '../../lib/form-input.ts';
import { offsetOf, pageMeta } from '../../lib/reply.ts';
import { hashPassword } from '../auth/passwords.ts';
import { prepareOptionalUpload, storeImage } from '../images/images.service.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { emailTaken, findProfile, insertUser, listUsers, updateProfile } from './users.repository.ts';

/** Sign-up always makes a customer: the role is never taken from the request. */
export async function register(db: Db, input: RegisterInput): Promise<number> {
  if (await emailTaken(db, input.email)) throw conflict('server.emailTaken');
  const password_hash = await hashPassword(input.password);
  try {
    return await insertUser(db, { email: input.email, password_hash, phone: input.phone_number, role: ROLES.user });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('server.emailTaken');
    throw error;
  }
}

export async function listAccounts(db: Db, page: number, limit: number) {
  const { items, total } = await listUsers(db, limit, offsetOf(page, limit));
  return { items, meta: pageMeta(page, limit, total) };
}

/** A member card's number: the account's id, so it never changes and no two cards share one. */
export const memberNumber = (userId: number) => `KS-${String(userId).padStart(6, '0')}`;

/** The profile, with the member card once Done orders reach the goal (docs/shop-rules.md#the-member-card). */
export async function profile(db: Db, shop: ShopSettings, id: number): Promise<Profile> {
  const found = await findProfile(db, id, MEMBER_CARD_GOAL);
  if (!found) throw notFound('server.profileNotFound');
  const { spent, reached_at, ...rest } = found;
  return {
    ...rest,
    // The day the card was earned is the shop's day, whatever the server's zone.
    member: reached_at ? { number: memberNumber(id), since: shopDate(new Date(reached_at), shop.timezone) } : null,
    member_progress: { spent, goal: MEMBER_CARD_GOAL },
  };
}

export async function editProfile(db: Db, shop: ShopSettings, id: number, form: FormInput): Promise<Profile> {
  const patch = parseOrThrow(ProfilePatchSchema, form.fields);
  const image = await prepareOptionalUpload(form.image);
  if (Object.keys(patch).length === 0 && !image) throw badRequest('server.nothingToChange');
  await db.transaction(async (tx) => updateProfile(tx as Db, id, image ? { ...patch, image: await storeImage(tx as Db, image) } : patch));
  return profile(db, shop, id);
}
