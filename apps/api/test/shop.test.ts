import { parseOpeningHours } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { addProduct, addPromo, api, countRows, createTestShop, signUpAs, type TestShop } from './helpers.ts';

// The shop's clock, hours and slots (docs/shop-rules.md#opening-hours-and-slots), on the spec's hours:
// Monday to Friday, 1 - 7 pm in Jakarta (UTC+7). 23 November 2026 is a Monday.
const MONDAY_1PM = '2026-11-23T06:00:00Z';
const clock = fixedClock(MONDAY_1PM);

let shop: TestShop;
let admin: { token: string };
let customers: { id: number; token: string }[];
let latte: { id: number };

beforeAll(async () => {
  shop = await createTestShop({ clock, openingHours: parseOpeningHours('mon-fri 13:00-19:00') });
  admin = await signUpAs(shop, 'Admin');
  customers = await Promise.all([1, 2, 3, 4, 5].map(() => signUpAs(shop)));
  latte = await addProduct(shop, admin.token, { product_name: 'Caffe Latte', price: 30000, category_id: 2 });
});
afterAll(() => shop.close());
beforeEach(() => clock.set(MONDAY_1PM));

const order = (scheduled_for?: unknown, customer = customers[0]!) =>
  api(shop, 'POST', '/transactions', {
    token: customer.token,
    body: { product_id: latte.id, qty: 1, size_id: 1, delivery_id: 3, payment_id: 1, scheduled_for },
  });

const slotsOf = (date: string) => api(shop, 'GET', `/shop/slots?date=${date}`);

/** Orders in the slot starting at `start` (a quarter of an hour of real time) that the kitchen will make. */
async function ordersInSlot(start: string, target = shop): Promise<number> {
  const result = (await target.database.db.execute(
    sql`select count(*)::int as n from transactions where scheduled_for >= ${start}::timestamptz
        and scheduled_for < ${start}::timestamptz + interval '15 minutes' and status_id <> 3`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('GET /shop', () => {
  it('is open on a weekday afternoon and says when it closes and opens again', async () => {
    const res = await api(shop, 'GET', '/shop');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      name: 'Kopi Senja',
      timezone: 'Asia/Jakarta',
      opening_hours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, opens: '13:00', closes: '19:00' })),
      open_now: true,
      closes_at: '2026-11-23T19:00:00+07:00',
      next_opening: '2026-11-24T13:00:00+07:00',
      today: '2026-11-23',
      utc_offset: 420,
      online_payments: false,
      late_after_minutes: 10,
      preorder_lead_minutes: 15,
      // A new shop charges no tax and puts the service charge (0 %) on Dine In (docs/shop-rules.md#settings).
      bill: { tax_name: 'PBJT', tax_rate: 0, service_rate: 0, service_on: [1], prices_include_tax: false },
      // No SMTP_URL on this test shop (docs/shop-rules.md#forgotten-passwords).
      password_reset: 'server_log',
    });
  });

  it('is closed from Friday 7 pm to Monday 1 pm, and its day is the shop’s, not UTC’s', async () => {
    clock.set('2026-11-27T12:00:00Z'); // Friday 19:00 in Jakarta
    expect((await api(shop, 'GET', '/shop')).json().data).toMatchObject({
      open_now: false,
      closes_at: null,
      next_opening: '2026-11-30T13:00:00+07:00',
      today: '2026-11-27',
    });
    clock.set('2026-11-29T17:30:00Z'); // Monday 00:30 in Jakarta, still Sunday in UTC
    expect((await api(shop, 'GET', '/shop')).json().data).toMatchObject({
      open_now: false,
      next_opening: '2026-11-30T13:00:00+07:00',
      today: '2026-11-30',
    });
  });
});

describe('GET /shop/slots', () => {
  it("lists the day's quarter hours still to come, each with its room", async () => {
    const res = await slotsOf('2026-11-23');
    expect(res.statusCode).toBe(200);
    const { date, capacity, slots } = res.json().data;
    expect({ date, capacity }).toEqual({ date: '2026-11-23', capacity: 10 });
    // It is 13:00: the 13:00 slot has begun (that is "as soon as possible"); 13:15 to 18:45 remain.
    expect(slots).toHaveLength(23);
    expect(slots[0]).toEqual({ time: '2026-11-23T13:15:00+07:00', remaining: 10 });
    expect(slots.at(-1)).toEqual({ time: '2026-11-23T18:45:00+07:00', remaining: 10 });

    const tuesday = (await slotsOf('2026-11-24')).json().data.slots;
    expect(tuesday).toHaveLength(24);
    expect(tuesday[0].time).toBe('2026-11-24T13:00:00+07:00');
    expect((await slotsOf('2026-11-28')).json()).toMatchObject({ msg: 'No slot left on this day', data: { slots: [] } });
  });

  it('counts the orders taken and frees the place of a cancelled one', async () => {
    const first = await order('2026-11-24T14:00:00+07:00');
    expect(first.statusCode).toBe(201);
    // A time inside a slot (14:07) takes a place in that slot.
    expect((await order('2026-11-24T14:07:00+07:00')).statusCode).toBe(201);
    const slot = () => api(shop, 'GET', '/shop/slots?date=2026-11-24').then((r) => r.json().data.slots[4]);
    expect(await slot()).toEqual({ time: '2026-11-24T14:00:00+07:00', remaining: 8 });
    const cancel = await api(shop, 'PATCH', `/transactions/${first.json().data.id}`, {
      token: admin.token,
      body: { status_id: 3, reason: 'Out of milk' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await slot()).toEqual({ time: '2026-11-24T14:00:00+07:00', remaining: 9 });
  });

  it.each([
    ['2026-11-22', 'Choose a date from today (2026-11-23) to 2026-11-29'],
    ['2026-11-30', 'Choose a date from today (2026-11-23) to 2026-11-29'],
    ['2026-02-30', 'Must be a date written YYYY-MM-DD'],
    ['tomorrow', 'Must be a date written YYYY-MM-DD'],
    ['', 'date is required, written YYYY-MM-DD'],
  ])('refuses date=%j with 400', async (date, message) => {
    const res = await slotsOf(date);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('reaches six days ahead of the shop’s today', async () => {
    clock.set('2026-11-29T16:30:00Z'); // Sunday 23:30 in Jakarta
    expect((await slotsOf('2026-11-29')).json().data.slots).toEqual([]);
    expect((await slotsOf('2026-12-04')).json().data.slots).toHaveLength(24); // Friday
    expect((await slotsOf('2026-12-05')).statusCode).toBe(200);
    expect((await slotsOf('2026-12-06')).statusCode).toBe(400);
  });
});

describe('GET /shop/week', () => {
  it("answers the window's seven days, each as GET /shop/slots answers it, with the same room", async () => {
    expect((await order('2026-11-25T15:30:00+07:00')).statusCode).toBe(201);
    const res = await api(shop, 'GET', '/shop/week');
    expect(res.statusCode).toBe(200);
    const week = res.json().data as { date: string; slots: unknown[] }[];
    expect(week.map((day) => day.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    for (const day of week) expect(day).toEqual((await slotsOf(day.date)).json().data);
    // Today from 13:15, the weekend closed, the order taken counted.
    expect(week.map((day) => day.slots.length)).toEqual([23, 24, 24, 24, 24, 0, 0]);
    expect(week[2]!.slots[10]).toEqual({ time: '2026-11-25T15:30:00+07:00', remaining: 9 });
  });

  it('moves with the shop’s day: on Sunday night it starts on Sunday and ends on Saturday', async () => {
    clock.set('2026-11-29T16:30:00Z'); // Sunday 23:30 in Jakarta
    const week = (await api(shop, 'GET', '/shop/week')).json().data as { date: string; slots: unknown[] }[];
    expect(week.map((day) => day.date)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(week.map((day) => day.slots.length)).toEqual([0, 24, 24, 24, 24, 24, 0]);
  });
});

describe('POST /transactions: when the order is wanted', () => {
  it('takes "as soon as possible" while the shop is open', async () => {
    const res = await order(undefined);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.scheduled_for).toBeNull();
    expect((await order(null)).json().data.scheduled_for).toBeNull();
  });

  it('refuses "as soon as possible" while closed, saying when the shop opens', async () => {
    clock.set('2026-11-28T03:00:00Z'); // Saturday 10:00
    const before = await countRows(shop, 'transactions');
    const res = await order(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      msg: 'We are closed now and open on Mon 30 Nov at 13:00: choose a time for your order',
      errors: [{ field: 'scheduled_for' }],
    });
    expect(await countRows(shop, 'transactions')).toBe(before);
    // A time in the hours is taken while closed: that is what scheduling is for.
    const later = await order('2026-11-30T13:00:00+07:00');
    expect(later.statusCode).toBe(201);
    expect(later.json().data.scheduled_for).toBe('2026-11-30T06:00:00.000Z');
  });

  it('stores the time as an instant, whatever offset it was written in', async () => {
    const res = await order('2026-11-25T08:30:00Z'); // Wednesday 15:30 in Jakarta
    expect(res.statusCode).toBe(201);
    expect(res.json().data.scheduled_for).toBe('2026-11-25T08:30:00.000Z');
    const read = await api(shop, 'GET', `/transactions/${res.json().data.id}`, { token: customers[0]!.token });
    expect(read.json().data.scheduled_for).toBe('2026-11-25T08:30:00.000Z');
  });

  it.each([
    ['2026-11-23T12:59:00+07:00', 'Mon 23 Nov at 12:59 has passed: choose a later time'],
    ['2026-11-23T13:00:00+07:00', 'Mon 23 Nov at 13:00 has passed: choose a later time'],
    ['2026-11-23T19:00:00+07:00', 'We are closed on Mon 23 Nov at 19:00. Our hours: Mon–Fri 13:00–19:00'],
    ['2026-11-24T12:45:00+07:00', 'We are closed on Tue 24 Nov at 12:45. Our hours: Mon–Fri 13:00–19:00'],
    ['2026-11-28T10:00:00+07:00', 'We are closed on Sat 28 Nov at 10:00. Our hours: Mon–Fri 13:00–19:00'],
    ['2026-11-30T13:00:00+07:00', 'Orders can be scheduled up to 7 days ahead, until Sun 29 Nov'],
    ['9999-12-31T13:00:00+07:00', 'Orders can be scheduled up to 7 days ahead, until Sun 29 Nov'],
    ['14:30', 'scheduled_for must be a time written ISO 8601 with its offset'],
    ['2026-11-24T14:00:00', 'scheduled_for must be a time written ISO 8601 with its offset'],
    ['soon', 'scheduled_for must be a time written ISO 8601 with its offset'],
    [1795400000000, 'scheduled_for must be a time written ISO 8601 with its offset'],
  ])('refuses %j with 400 and stores nothing', async (scheduledFor, message) => {
    const before = await countRows(shop, 'transactions');
    const res = await order(scheduledFor);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await countRows(shop, 'transactions')).toBe(before);
  });

  it('answers 409 for a full slot, naming the next free one, across the night', async () => {
    // Fill Wednesday's 18:30 and 18:45, the last slots of the day.
    for (const time of ['18:30', '18:45']) {
      for (let i = 0; i < 10; i += 1) expect((await order(`2026-11-25T${time}:00+07:00`)).statusCode).toBe(201);
    }
    const before = await countRows(shop, 'transactions');
    const full = await order('2026-11-25T18:30:00+07:00');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'conflict',
      msg: 'The 18:30 slot on Wed 25 Nov is full. The next free one is Thu 26 Nov at 13:00',
    });
    expect(await countRows(shop, 'transactions')).toBe(before);
    const slots = (await slotsOf('2026-11-25')).json().data.slots;
    expect(slots.slice(-2)).toEqual([
      { time: '2026-11-25T18:30:00+07:00', remaining: 0 },
      { time: '2026-11-25T18:45:00+07:00', remaining: 0 },
    ]);
  });

  it('takes a scheduled order with a coupon: both rules are checked in one transaction', async () => {
    const promo = await addPromo(shop, admin.token, { discount: 10, min_price: 0 });
    const res = await api(shop, 'POST', '/transactions', {
      token: customers[1]!.token,
      body: {
        product_id: latte.id,
        qty: 1,
        size_id: 1,
        delivery_id: 1,
        payment_id: 1,
        promo_id: promo.id,
        scheduled_for: '2026-11-27T15:00:00+07:00',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ promo_id: promo.id, discount: 3000, total: 27000, scheduled_for: '2026-11-27T08:00:00.000Z' });
  });

  it('holds a slot to its capacity under many concurrent orders', async () => {
    const start = '2026-11-26T16:00:00+07:00';
    const attempts = Array.from({ length: 25 }, (_, i) => order(start, customers[i % customers.length]));
    const statuses = (await Promise.all(attempts)).map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await ordersInSlot(start)).toBe(10);
    expect((await slotsOf('2026-11-26')).json().data.slots[12]).toEqual({ time: start, remaining: 0 });
  });
});

// Slots are intervals of real time when the clocks change (docs/shop-rules.md#opening-hours-and-slots),
// in a shop open all day with room for one order a slot.
describe.each([
  {
    zone: 'America/New_York',
    // 14 March 2027 skips 02:00-03:00 (EST, UTC-5, to EDT, UTC-4); 7 November 2027 repeats 01:00-02:00.
    spring: { date: '2027-03-14', eve: '2027-03-13T17:00:00Z', before: '2027-03-14T01:45:00-05:00', after: '2027-03-14T03:00:00-04:00' },
    fall: { date: '2027-11-07', eve: '2027-11-06T16:00:00Z', hour: '01', first: '-04:00', second: '-05:00', names: ['EDT', 'EST'] },
    days: ['Sun 14 Mar', 'Sun 7 Nov'],
  },
  {
    zone: 'Europe/Berlin',
    // 28 March 2027 skips 02:00-03:00 (CET, UTC+1, to CEST, UTC+2); 31 October 2027 repeats 02:00-03:00.
    spring: { date: '2027-03-28', eve: '2027-03-27T11:00:00Z', before: '2027-03-28T01:45:00+01:00', after: '2027-03-28T03:00:00+02:00' },
    fall: { date: '2027-10-31', eve: '2027-10-30T10:00:00Z', hour: '02', first: '+02:00', second: '+01:00', names: ['CEST', 'CET'] },
    days: ['Sun 28 Mar', 'Sun 31 Oct'],
  },
])('slots when the clocks change in $zone', ({ zone, spring, fall, days }) => {
  const dstClock = fixedClock(spring.eve);
  let dst: TestShop;
  let people: { token: string }[];
  let espresso: { id: number };

  beforeAll(async () => {
    dst = await createTestShop({ clock: dstClock, shopTimezone: zone, slotCapacity: 1 });
    const owner = await signUpAs(dst, 'Admin');
    people = await Promise.all([1, 2, 3].map(() => signUpAs(dst)));
    espresso = await addProduct(dst, owner.token, { product_name: 'Espresso', price: 20000, category_id: 2 });
  });
  afterAll(() => dst.close());

  const orderAt = (scheduled_for: string, person = people[0]!) =>
    api(dst, 'POST', '/transactions', {
      token: person.token,
      body: { product_id: espresso.id, qty: 1, size_id: 1, delivery_id: 3, payment_id: 1, scheduled_for },
    });
  const slotsOn = async (date: string): Promise<{ time: string; remaining: number }[]> =>
    (await api(dst, 'GET', `/shop/slots?date=${date}`)).json().data.slots;
  const wall = (time: string, offset: string) => `${fall.date}T${fall.hour}:${time}:00${offset}`;
  const slot = (slots: { time: string; remaining: number }[], time: string) => slots.find((s) => Date.parse(s.time) === Date.parse(time));
  const [firstName, secondName] = fall.names;
  const [springDay, day] = days;

  it('has no slot in the skipped hour: 01:45 is followed by 03:00', async () => {
    dstClock.set(spring.eve);
    const slots = await slotsOn(spring.date);
    expect(slots).toHaveLength(23 * 4);
    expect(slots.filter((s) => s.time.slice(11, 13) === '02')).toEqual([]);
    const at = slots.findIndex((s) => s.time === spring.before);
    expect(slots.slice(at, at + 2)).toEqual([
      { time: spring.before, remaining: 1 },
      { time: spring.after, remaining: 1 },
    ]);
    // The last slot before the jump is a quarter of an hour: the next one is 03:00.
    expect((await orderAt(spring.before)).statusCode).toBe(201);
    const full = await orderAt(spring.before.replace(':45:', ':50:'));
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe(`The 01:45 slot on ${springDay} is full. The next free one is ${springDay} at 03:00`);
  });

  it('lists both passes of the repeated hour, each with its own room', async () => {
    dstClock.set(fall.eve);
    const slots = await slotsOn(fall.date);
    expect(slots).toHaveLength(25 * 4);
    const repeated = slots.filter((s) => s.time.slice(11, 13) === fall.hour);
    expect(repeated.map((s) => s.time)).toEqual([
      ...['00', '15', '30', '45'].map((minute) => wall(minute, fall.first)),
      ...['00', '15', '30', '45'].map((minute) => wall(minute, fall.second)),
    ]);
    expect(repeated.every((s) => s.remaining === 1)).toBe(true);
  });

  it('counts an order in the second pass in the second pass’s slot only, and names that pass when it is full', async () => {
    dstClock.set(fall.eve);
    expect((await orderAt(wall('37', fall.second), people[0])).statusCode).toBe(201);
    for (const person of [people[1], people[2]]) {
      const full = await orderAt(wall('37', fall.second), person);
      expect(full.statusCode).toBe(409);
      expect(full.json().msg).toBe(
        `The ${fall.hour}:30 (${secondName}) slot on ${day} is full. The next free one is ${day} at ${fall.hour}:45 (${secondName})`,
      );
    }
    expect(await ordersInSlot(wall('30', fall.second), dst)).toBe(1);
    expect(await ordersInSlot(wall('30', fall.first), dst)).toBe(0);
    const slots = await slotsOn(fall.date);
    expect(slot(slots, wall('30', fall.first))).toEqual({ time: wall('30', fall.first), remaining: 1 });
    expect(slot(slots, wall('30', fall.second))).toEqual({ time: wall('30', fall.second), remaining: 0 });
    // The first pass still has its own room.
    expect((await orderAt(wall('30', fall.first), people[1])).statusCode).toBe(201);
  });

  it('does not refuse the second pass because the first one is full, nor the reverse', async () => {
    dstClock.set(fall.eve);
    expect((await orderAt(wall('00', fall.first), people[0])).statusCode).toBe(201);
    expect((await orderAt(wall('07', fall.second), people[1])).statusCode).toBe(201);
    const first = await orderAt(wall('10', fall.first), people[2]);
    expect(first.statusCode).toBe(409);
    expect(first.json().msg).toBe(
      `The ${fall.hour}:00 (${firstName}) slot on ${day} is full. The next free one is ${day} at ${fall.hour}:15 (${firstName})`,
    );
    const second = await orderAt(wall('14', fall.second), people[2]);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toContain(`The ${fall.hour}:00 (${secondName}) slot on ${day} is full`);
    expect(await ordersInSlot(wall('00', fall.first), dst)).toBe(1);
    expect(await ordersInSlot(wall('00', fall.second), dst)).toBe(1);
  });

  it('says which pass has passed', async () => {
    dstClock.set(new Date(Date.parse(wall('40', fall.second)))); // the second pass's :40
    const passed = await orderAt(wall('35', fall.second));
    expect(passed.statusCode).toBe(400);
    expect(passed.json().msg).toBe(`${day} at ${fall.hour}:35 (${secondName}) has passed: choose a later time`);
    const earlier = await orderAt(wall('50', fall.first));
    expect(earlier.json().msg).toBe(`${day} at ${fall.hour}:50 (${firstName}) has passed: choose a later time`);
    // The slots still to come start with the second pass's :45.
    expect((await slotsOn(fall.date))[0]).toEqual({ time: wall('45', fall.second), remaining: 1 });
  });
});
