import { MSG } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestShop, multipart, pngFile, signUpAs, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('GET /users/profile', () => {
  it("answers the caller's profile with orders_count", async () => {
    const user = await signUpAs(shop);
    const res = await api(shop, 'GET', '/users/profile', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: user.id,
      email: user.email,
      role: 'User',
      display_name: null,
      first_name: null,
      last_name: null,
      address: null,
      phone: null,
      birthday: null,
      gender: null,
      image: null,
      locale: null,
      orders_count: 0,
      member: null,
      member_progress: { spent: 0, goal: 200000 },
    });
    expect(res.body).not.toContain('password');
  });
});

describe('PATCH /users/profile', () => {
  it('changes the fields sent and the photo', async () => {
    const user = await signUpAs(shop);
    const form = await multipart(
      {
        display_name: 'Rina',
        first_name: 'Rina',
        last_name: 'Kusuma',
        address: 'Jl. Braga 12',
        phone: '081234567890',
        birthday: '1996-08-17',
        gender: 'female',
      },
      await pngFile(),
    );
    const res = await api(shop, 'PATCH', '/users/profile', { token: user.token, form });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(MSG.profileSuccess);
    expect(res.json().data).toMatchObject({
      display_name: 'Rina',
      last_name: 'Kusuma',
      birthday: '1996-08-17',
      gender: 'female',
      image: expect.stringMatching(/^images\//),
    });

    const partial = await api(shop, 'PATCH', '/users/profile', { token: user.token, form: await multipart({ address: 'Jl. Dago 1' }) });
    expect(partial.json().data).toMatchObject({ address: 'Jl. Dago 1', display_name: 'Rina' });
  });

  it('only ever changes the caller, whatever id or email or role the body names', async () => {
    const user = await signUpAs(shop);
    const other = await signUpAs(shop);
    const res = await api(shop, 'PATCH', '/users/profile', {
      token: user.token,
      body: { id: other.id, email: other.email, role: 'Admin', display_name: 'Me' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, role: 'User', display_name: 'Me' });
    expect((await api(shop, 'GET', '/users/profile', { token: other.token })).json().data.display_name).toBeNull();
  });

  it.each([
    [{}],
    [{ gender: 'other' }],
    [{ birthday: '2999-01-01' }],
    [{ birthday: '17-08-1996' }],
    [{ phone: 'call me' }],
    [{ display_name: 'x'.repeat(51) }],
    [{ display_name: '\u202eatnaS' }],
    [{ first_name: 'Budi\u0000' }],
  ])('rejects %j with 400', async (fields) => {
    const user = await signUpAs(shop);
    const res = await api(shop, 'PATCH', '/users/profile', { token: user.token, form: await multipart(fields) });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /users', () => {
  it('lists accounts for admins, paged, without password hashes', async () => {
    const admin = await signUpAs(shop, 'Admin');
    const res = await api(shop, 'GET', '/users?limit=2', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json().meta).toMatchObject({ page: 1, limit: 2 });
    expect(res.body).not.toMatch(/password|argon2/);
  });
});
