import { MSG } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPromo, api, countRows, createTestShop, multipart, pngFile, promoFields, signUpAs, type TestShop } from './helpers.ts';

let shop: TestShop;
let admin: { token: string };
let customer: { token: string };

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signUpAs(shop, 'Admin');
  customer = await signUpAs(shop);
});
afterAll(() => shop.close());

describe('POST /promos', () => {
  it('adds a promo with its code stored upper-case', async () => {
    const res = await api(shop, 'POST', '/promos', {
      token: admin.token,
      form: await multipart(promoFields({ code: 'senja20', discount: 20, min_price: 50000 }), await pngFile()),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().msg).toBe(MSG.addPromoSuccess);
    expect(res.json().data).toMatchObject({
      code: 'SENJA20',
      discount: 20,
      min_price: 50000,
      active: true,
      image: expect.stringMatching(/^images\//),
    });
  });

  it.each(['promo_name', 'code', 'description', 'discount', 'duration', 'min_price'])(
    'without %s answers 400 "All input must be fulfilled !"',
    async (missing) => {
      const before = await countRows(shop, 'promos');
      const fields: Record<string, string | number> = promoFields();
      delete fields[missing];
      const res = await api(shop, 'POST', '/promos', { token: admin.token, form: await multipart(fields, await pngFile()) });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MSG.allInputRequired);
      expect(await countRows(shop, 'promos')).toBe(before);
    },
  );

  it('without a picture answers 400 "All input must be fulfilled !"', async () => {
    const res = await api(shop, 'POST', '/promos', { token: admin.token, form: await multipart(promoFields()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.allInputRequired);
  });

  it.each([
    [{ discount: 0 }],
    [{ discount: 101 }],
    [{ discount: '20%' }],
    [{ duration: '2026-02-31' }],
    [{ duration: 'next week' }],
    [{ duration: '2000-01-01' }],
    [{ min_price: -1 }],
    [{ code: 'has space' }],
  ])('rejects %j with 400', async (change) => {
    const res = await api(shop, 'POST', '/promos', { token: admin.token, form: await multipart(promoFields(change), await pngFile()) });
    expect(res.statusCode).toBe(400);
  });

  it('answers 409 for a code already in use, in any letter case', async () => {
    await addPromo(shop, admin.token, { code: 'PAGI10' });
    const res = await api(shop, 'POST', '/promos', {
      token: admin.token,
      form: await multipart(promoFields({ code: 'pagi10' }), await pngFile()),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /promos/get and /promos/:id', () => {
  it('shows active promos to everyone and expired ones to admins only', async () => {
    const old = await addPromo(shop, admin.token, { promo_name: 'Last Month' });
    await shop.database.db.execute(sql`update promos set duration = current_date - 3 where id = ${old.id}`);
    const forVisitors = await api(shop, 'GET', '/promos/get');
    expect(forVisitors.statusCode).toBe(200);
    expect(forVisitors.json().data.map((p: { id: number }) => p.id)).not.toContain(old.id);
    expect(forVisitors.json().data.every((p: { active: boolean }) => p.active)).toBe(true);
    const forCustomers = await api(shop, 'GET', '/promos/get', { token: customer.token });
    expect(forCustomers.json().data.map((p: { id: number }) => p.id)).not.toContain(old.id);
    const forAdmins = await api(shop, 'GET', '/promos/get', { token: admin.token });
    expect(forAdmins.json().data).toContainEqual(expect.objectContaining({ id: old.id, active: false }));

    // One by one as in the list: an ended promo is not found but by an admin.
    expect((await api(shop, 'GET', `/promos/${old.id}`)).statusCode).toBe(404);
    expect((await api(shop, 'GET', `/promos/${old.id}`, { token: customer.token })).statusCode).toBe(404);
    const one = await api(shop, 'GET', `/promos/${old.id}`, { token: admin.token });
    expect(one.json().data).toMatchObject({ id: old.id, promo_name: 'Last Month', active: false });
    expect((await api(shop, 'GET', '/promos/424242')).statusCode).toBe(404);
  });
});

describe('a promo in two languages', () => {
  it("answers its name and description in the request's language, the English where no Indonesian was written", async () => {
    const { id } = await addPromo(shop, admin.token, {
      promo_name: 'Morning Coffee',
      description: 'Ten percent off before noon.',
      indonesian_name: 'Kopi Pagi',
    });
    const indonesian = await api(shop, 'GET', `/promos/${id}`, { headers: { 'accept-language': 'id' } });
    expect(indonesian.headers['content-language']).toBe('id');
    expect(indonesian.json().data).toMatchObject({
      promo_name: 'Kopi Pagi',
      description: 'Ten percent off before noon.',
      texts: { en: { name: 'Morning Coffee', description: 'Ten percent off before noon.' }, id: { name: 'Kopi Pagi', description: '' } },
    });
    const list = await api(shop, 'GET', '/promos/get');
    expect(list.json().data.find((p: { id: number }) => p.id === id)).toMatchObject({ promo_name: 'Morning Coffee' });

    const edit = await api(shop, 'PATCH', `/promos/${id}`, {
      token: admin.token,
      headers: { 'accept-language': 'id' },
      form: await multipart({ indonesian_description: 'Diskon sepuluh persen sebelum siang.' }),
    });
    expect(edit.json().data).toMatchObject({ promo_name: 'Kopi Pagi', description: 'Diskon sepuluh persen sebelum siang.' });
  });
});

describe('PATCH and DELETE /promos/:id', () => {
  it('changes only the fields sent', async () => {
    const promo = await addPromo(shop, admin.token, { promo_name: 'Kopi Pagi', discount: 10 });
    const res = await api(shop, 'PATCH', `/promos/${promo.id}`, {
      token: admin.token,
      form: await multipart({ discount: 15, code: 'pagi15' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(MSG.promoEditSuccess);
    expect(res.json().data).toMatchObject({ promo_name: 'Kopi Pagi', discount: 15, code: 'PAGI15' });
    // Keeping its own code is not a conflict.
    expect(
      (await api(shop, 'PATCH', `/promos/${promo.id}`, { token: admin.token, form: await multipart({ code: 'PAGI15' }) })).statusCode,
    ).toBe(200);
    expect((await api(shop, 'PATCH', `/promos/${promo.id}`, { token: admin.token, form: await multipart({}) })).statusCode).toBe(400);
    expect((await api(shop, 'PATCH', '/promos/424242', { token: admin.token, form: await multipart({ discount: 5 }) })).statusCode).toBe(
      404,
    );
  });

  it('deletes a promo: gone from the list, its code free again', async () => {
    const promo = await addPromo(shop, admin.token, { code: 'GONE1' });
    expect((await api(shop, 'DELETE', `/promos/${promo.id}`, { token: admin.token })).statusCode).toBe(200);
    expect((await api(shop, 'GET', `/promos/${promo.id}`)).statusCode).toBe(404);
    expect((await api(shop, 'DELETE', `/promos/${promo.id}`, { token: admin.token })).statusCode).toBe(404);
    await addPromo(shop, admin.token, { code: 'GONE1' });
  });
});
