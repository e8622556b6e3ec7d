import type { Art } from './seed-art.ts';

// The demo shop (SEED_DEMO): a menu of 28 items over the four categories, promos and accounts.
// The three landing-page favourites (docs/shop-rules.md#landing-figures) are on the menu at 25.000, 30.000 and 40.000.

export const DEMO_ADMIN = { email: 'admin@kopisenja.test', password: 'senja-admin-123', display_name: 'Admin Senja' };
export const DEMO_CUSTOMER = {
  email: 'customer@kopisenja.test',
  password: 'senja-customer-123',
  display_name: 'Rina',
  first_name: 'Rina',
  last_name: 'Kusuma',
  phone: '081234567890',
  address: 'Jl. Braga No. 12, Bandung',
  gender: 'female',
  birthday: '1996-08-17',
};
/** More customers, so the kitchen's queue (Manage order) has orders from several people. */
export const DEMO_REGULARS = [
  { email: 'budi@kopisenja.test', display_name: 'Budi', phone: '081298765432', address: 'Jl. Dago No. 45, Bandung' },
  { email: 'sari@kopisenja.test', display_name: 'Sari', phone: '085711223344', address: 'Jl. Riau No. 7, Bandung' },
];

const HOT: [string, string] = ['#f3d9b1', '#c98b4d'];
const COLD: [string, string] = ['#cfe3e8', '#7fa9b5'];
const FOOD: [string, string] = ['#f6e3c6', '#e0a96d'];
const ADDON: [string, string] = ['#efe2d6', '#b58a6a'];

type DemoProduct = {
  name: string;
  /** The Reguler price; drinks' Large and Extra Large follow the shop's steps unless `sizes` sets them. */
  price: number;
  category: 1 | 2 | 3 | 4;
  description: string;
  art: Art;
  sizes?: { price_l: number; price_xl: number };
  sold_out?: boolean;
};

const coffee = (name: string, price: number, description: string, color: string, accent: string, iced = false): DemoProduct => ({
  name,
  price,
  category: 2,
  description,
  art: { kind: iced ? 'glass' : 'cup', color, accent, background: iced ? COLD : HOT },
});
const drink = (name: string, price: number, description: string, color: string, accent: string, iced = true): DemoProduct => ({
  name,
  price,
  category: 3,
  description,
  art: { kind: iced ? 'glass' : 'cup', color, accent, background: iced ? COLD : HOT },
});
const food = (name: string, price: number, description: string, color: string, accent: string): DemoProduct => ({
  name,
  price,
  category: 1,
  description,
  art: { kind: 'plate', color, accent, background: FOOD },
});
const addOn = (name: string, price: number, description: string, color: string, accent: string): DemoProduct => ({
  name,
  price,
  category: 4,
  description,
  art: { kind: 'bowl', color, accent, background: ADDON },
});

export const DEMO_PRODUCTS: DemoProduct[] = [
  coffee('Kopi Susu Gula Aren', 25000, 'Espresso, fresh milk and palm sugar from Garut: our best seller.', '#a0673a', '#e8cfa8', true),
  coffee('Caffe Latte', 30000, 'A double shot of espresso under steamed milk and a thin layer of foam.', '#8b5a2b', '#f5e6d0'),
  coffee('Espresso', 18000, 'A short, strong shot of our house blend of Java and Gayo beans.', '#3b2314', '#a0673a'),
  coffee('Americano', 22000, 'Espresso lengthened with hot water: clean, bold and bright.', '#4a2c17', '#7a4a26'),
  coffee('Cappuccino', 28000, 'Espresso, steamed milk and a deep cap of velvety foam.', '#8b5a2b', '#fff4e4'),
  coffee('Flat White', 32000, 'Ristretto shots with silky micro-foamed milk.', '#9c6a3f', '#f3e2c8'),
  coffee('Caramel Macchiato', 35000, 'Vanilla milk marked with espresso and a caramel drizzle.', '#b07a45', '#e6b86a', true),
  coffee('Cold Brew', 30000, 'Steeped for 18 hours, smooth and naturally sweet, served over ice.', '#2f1a0e', '#6b4226', true),
  coffee('Mocha', 34000, 'Espresso with dark chocolate and steamed milk, topped with cocoa.', '#5e3520', '#d9b38c'),
  // A Large affogato has a second scoop: it costs more than the usual step.
  {
    ...coffee('Affogato', 36000, 'A scoop of vanilla ice cream drowned in a hot espresso shot.', '#6b4226', '#fff8ec'),
    sizes: { price_l: 44000, price_xl: 50000 },
  },
  drink('Matcha Latte', 32000, 'Japanese matcha whisked with fresh milk, over ice.', '#7fa653', '#e6f0d4'),
  drink('Chocolate', 28000, 'Rich dark chocolate with steamed milk.', '#5a3321', '#d8b08c', false),
  drink('Red Velvet Latte', 30000, 'Red velvet with milk and a cream cheese foam.', '#b23a48', '#f7e1e3'),
  drink('Teh Tarik', 20000, 'Pulled black tea with condensed milk, frothy and sweet.', '#c98b4d', '#f5dfc0', false),
  drink('Lemon Tea', 18000, 'Jasmine tea with fresh lemon, over ice.', '#e0b43c', '#f7ecb5'),
  // Strawberries are out of season: shown on the menu as sold out.
  { ...drink('Strawberry Smoothie', 35000, 'Strawberries, yoghurt and honey blended until smooth.', '#e05a6d', '#fbd3da'), sold_out: true },
  food('Nasi Goreng Kampung', 40000, 'Village-style fried rice with anchovies, fried egg and crackers.', '#c8843c', '#f7e08a'),
  food('Croissant', 22000, 'All-butter croissant, baked every morning.', '#d9a05b', '#f1c98a'),
  food('Chicken Katsu Rice', 45000, 'Crispy chicken katsu with rice and a curry sauce.', '#e3b25f', '#8b5a2b'),
  food('Banana Bread', 25000, 'Moist banana bread with walnuts and a hint of cinnamon.', '#9c6a3f', '#e8cfa8'),
  food('Pisang Goreng', 20000, 'Fried banana fritters with palm sugar syrup.', '#e0a040', '#7a4a26'),
  food('Roti Bakar Cokelat Keju', 24000, 'Toast with chocolate sprinkles and grated cheese.', '#c98b4d', '#f5d76e'),
  food('Beef Sandwich', 42000, 'Slow-roasted beef, cheddar and pickles on sourdough.', '#b5793c', '#8fb35a'),
  addOn('Extra Espresso Shot', 8000, 'One more shot of espresso in any drink.', '#3b2314', '#6b4226'),
  addOn('Oat Milk', 7000, 'Swap to creamy oat milk.', '#efe0c4', '#d9c29b'),
  addOn('Whipped Cream', 5000, 'A cloud of whipped cream on top.', '#fffaf0', '#f0e2c8'),
  addOn('Caramel Syrup', 6000, 'A pump of house-made caramel.', '#c98b4d', '#e6b86a'),
  addOn('Boba Pearls', 6000, 'Chewy brown-sugar tapioca pearls.', '#4a2c17', '#7a4a26'),
];

/**
 * The demo menu in Bahasa Indonesia (docs/shop-rules.md#the-menu-in-two-languages), by English name: the name
 * on Indonesian pages (where a shop in Bandung would write it otherwise) and the description.
 */
export const DEMO_PRODUCTS_IN_INDONESIAN: Record<string, { name: string; description: string }> = {
  'Kopi Susu Gula Aren': {
    name: 'Es Kopi Susu Gula Aren',
    description: 'Espresso, susu segar dan gula aren dari Garut: paling laris di sini.',
  },
  'Caffe Latte': { name: 'Caffe Latte', description: 'Dua shot espresso di bawah susu panas dan selapis tipis busa.' },
  Espresso: { name: 'Espresso', description: 'Satu shot pendek dan kuat dari racikan biji Jawa dan Gayo kami.' },
  Americano: { name: 'Americano', description: 'Espresso dengan air panas: bersih, tegas dan segar.' },
  Cappuccino: { name: 'Cappuccino', description: 'Espresso, susu panas dan busa lembut yang tebal.' },
  'Flat White': { name: 'Flat White', description: 'Shot ristretto dengan susu ber-microfoam yang halus.' },
  'Caramel Macchiato': { name: 'Caramel Macchiato', description: 'Susu vanila dengan espresso dan siraman karamel.' },
  'Cold Brew': { name: 'Kopi Seduh Dingin', description: 'Diseduh 18 jam, lembut dan manis alami, disajikan dengan es.' },
  Mocha: { name: 'Mocha', description: 'Espresso dengan cokelat hitam dan susu panas, ditaburi kakao.' },
  Affogato: { name: 'Affogato', description: 'Satu sendok es krim vanila disiram satu shot espresso panas.' },
  'Matcha Latte': { name: 'Matcha Latte', description: 'Matcha Jepang dikocok dengan susu segar, dengan es.' },
  Chocolate: { name: 'Cokelat Panas', description: 'Cokelat hitam pekat dengan susu panas.' },
  'Red Velvet Latte': { name: 'Red Velvet Latte', description: 'Red velvet dengan susu dan busa krim keju.' },
  'Teh Tarik': { name: 'Teh Tarik', description: 'Teh hitam tarik dengan susu kental manis, berbusa dan manis.' },
  'Lemon Tea': { name: 'Es Teh Lemon', description: 'Teh melati dengan lemon segar, dengan es.' },
  'Strawberry Smoothie': { name: 'Smoothie Stroberi', description: 'Stroberi, yoghurt dan madu diblender sampai lembut.' },
  'Nasi Goreng Kampung': { name: 'Nasi Goreng Kampung', description: 'Nasi goreng ala kampung dengan teri, telur ceplok dan kerupuk.' },
  Croissant: { name: 'Croissant', description: 'Croissant mentega, dipanggang setiap pagi.' },
  'Chicken Katsu Rice': { name: 'Nasi Ayam Katsu', description: 'Ayam katsu renyah dengan nasi dan saus kari.' },
  'Banana Bread': { name: 'Roti Pisang', description: 'Roti pisang lembut dengan kenari dan sedikit kayu manis.' },
  'Pisang Goreng': { name: 'Pisang Goreng', description: 'Pisang goreng dengan sirup gula aren.' },
  'Roti Bakar Cokelat Keju': { name: 'Roti Bakar Cokelat Keju', description: 'Roti bakar dengan meses cokelat dan keju parut.' },
  'Beef Sandwich': { name: 'Roti Isi Daging Sapi', description: 'Daging sapi panggang, keju cheddar dan acar di roti sourdough.' },
  'Extra Espresso Shot': { name: 'Tambahan Shot Espresso', description: 'Satu shot espresso lagi di minuman apa pun.' },
  'Oat Milk': { name: 'Susu Oat', description: 'Ganti dengan susu oat yang creamy.' },
  'Whipped Cream': { name: 'Krim Kocok', description: 'Segumpal krim kocok di atasnya.' },
  'Caramel Syrup': { name: 'Sirup Karamel', description: 'Satu pump karamel buatan sendiri.' },
  'Boba Pearls': { name: 'Boba', description: 'Mutiara tapioka gula merah yang kenyal.' },
};

/** Add-ons the seeded orders put in their drinks, by name. */
export const DEMO_ADDON_NAMES = ['Extra Espresso Shot', 'Oat Milk', 'Whipped Cream', 'Caramel Syrup', 'Boba Pearls'];

/** Promos relative to today: `days` until the last day (negative: already ended, admins still see it). */
export const DEMO_PROMOS = [
  {
    promo_name: 'Senja Hour',
    code: 'SENJA20',
    discount: 20,
    min_price: 50000,
    days: 60,
    description: 'Twenty percent off every order of IDR 50.000 or more, all day long.',
    indonesian_name: 'Jam Senja',
    indonesian_description: 'Diskon dua puluh persen untuk setiap pesanan IDR 50.000 atau lebih, sepanjang hari.',
    color: '#8b5a2b',
    accent: '#c0392b',
  },
  {
    promo_name: 'Kopi Pagi',
    code: 'PAGI10',
    discount: 10,
    min_price: 25000,
    days: 30,
    description: 'Start the morning right: ten percent off from IDR 25.000.',
    indonesian_name: 'Kopi Pagi',
    indonesian_description: 'Awali pagi dengan tepat: diskon sepuluh persen mulai IDR 25.000.',
    color: '#6b4226',
    accent: '#d35400',
  },
  {
    promo_name: 'Weekend Treat',
    code: 'WEEKEND25',
    discount: 25,
    min_price: 100000,
    days: 45,
    description: 'A quarter off when you treat your friends to IDR 100.000 or more.',
    indonesian_name: 'Traktiran Akhir Pekan',
    indonesian_description: 'Diskon seperempat saat kamu mentraktir teman IDR 100.000 atau lebih.',
    color: '#5e3520',
    accent: '#16a085',
  },
  {
    promo_name: 'Member Card',
    code: 'MEMBER30',
    discount: 30,
    min_price: 200000,
    days: 90,
    description: 'Thirty percent off with the free member card, from IDR 200.000.',
    indonesian_name: 'Kartu Member',
    indonesian_description: 'Diskon tiga puluh persen dengan kartu member gratis, mulai IDR 200.000.',
    color: '#4a2c17',
    accent: '#8e44ad',
    members_only: true,
  },
  // The spec's terms: "only for dine in", "buy 1 get 1 only for new user".
  {
    promo_name: 'Dine In Deal',
    code: 'DINEIN15',
    discount: 15,
    min_price: 0,
    days: 30,
    description: 'Fifteen percent off when you sit down with us: only for dine in.',
    indonesian_name: 'Promo Makan di Tempat',
    indonesian_description: 'Diskon lima belas persen saat kamu duduk bersama kami: hanya untuk makan di tempat.',
    color: '#9c6a3f',
    accent: '#2980b9',
    delivery_ids: [1],
  },
  {
    promo_name: 'First Cup',
    code: 'FIRST50',
    discount: 50,
    min_price: 20000,
    days: 60,
    description: 'Half off your very first order, like a buy 1 get 1: only for new customers.',
    indonesian_name: 'Cangkir Pertama',
    indonesian_description: 'Diskon setengah harga untuk pesanan pertamamu, seperti beli 1 gratis 1: hanya untuk pelanggan baru.',
    color: '#b07a45',
    accent: '#c0392b',
    new_customers_only: true,
  },
  {
    promo_name: 'Ramadan Special',
    code: 'RAMADAN15',
    discount: 15,
    min_price: 30000,
    days: -20,
    description: 'Fifteen percent off for breaking the fast together.',
    indonesian_name: 'Spesial Ramadan',
    indonesian_description: 'Diskon lima belas persen untuk berbuka puasa bersama.',
    color: '#7a4a26',
    accent: '#27ae60',
  },
];
