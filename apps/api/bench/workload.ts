// The varied catalogue workload (docs/architecture.md#tests-and-targets): every request draws its page, search term or id, so
// that no answer repeats often enough for a cache to hide the cost of the call.
//   pages: 80% from pages 1–3 of the list, 20% uniform over all its pages;
//   search terms: 1,000 words and prefixes of product names;
//   ids: uniform over the menu.
import { API_BASE, CATEGORIES } from '@kopi/shared';
import { benchProductName } from './big-shop.ts';

const LIMIT = 12; // the API's default page size, which the SPA uses

/** A small seeded generator (mulberry32): the same terms on every run, so runs compare. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One catalogue call of the bench: a name for the table and a path drawn afresh for every request. */
export interface Call {
  name: string;
  /** Detail has its own, higher target (≥ 40% of bare Fastify: docs/architecture.md#tests-and-targets). */
  kind: 'list' | 'detail';
  path: () => string;
}

interface MenuProduct {
  id: number;
  name: string;
  category: number;
}

/**
 * The calls, for a shop seeded by seedBigShop. Totals are worked out here from the seed's names (not
 * asked of the server), so that drawing pages costs the server nothing before the measured run.
 */
export function catalogueCalls(shop: { firstProduct: number; products: number }, random = Math.random): Call[] {
  const menu: MenuProduct[] = Array.from({ length: shop.products }, (_, i) => ({
    id: shop.firstProduct + i,
    name: benchProductName(i + 1).toLowerCase(),
    category: 1 + ((i + 1) % 4),
  }));
  const pagesOf = (count: number) => Math.max(1, Math.ceil(count / LIMIT));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const page = (totalPage: number) => 1 + Math.floor(random() * (random() < 0.8 ? Math.min(3, totalPage) : totalPage));

  const allPages = pagesOf(menu.length);
  const categoryPages = new Map(CATEGORIES.map((c) => [c.id, pagesOf(menu.filter((p) => p.category === c.id).length)]));
  const terms = searchTerms(menu, seededRandom(10));
  const termPages = terms.map((term) => pagesOf(menu.filter((p) => p.name.includes(term)).length));
  const get = (query: string) => `${API_BASE}/products/get?${query}`;

  return [
    { name: 'popular (default)', kind: 'list', path: () => get(`page=${page(allPages)}`) },
    { name: 'newest', kind: 'list', path: () => get(`sort=newest&page=${page(allPages)}`) },
    {
      name: 'category + cheapest',
      kind: 'list',
      path: () => {
        const category = pick(CATEGORIES).id;
        return get(`categories=${category}&sort=cheapest&page=${page(categoryPages.get(category)!)}`);
      },
    },
    {
      name: 'search',
      kind: 'list',
      path: () => {
        const i = Math.floor(random() * terms.length);
        return get(`search=${encodeURIComponent(terms[i]!)}&page=${page(termPages[i]!)}`);
      },
    },
    { name: 'detail', kind: 'detail', path: () => `${API_BASE}/products/${pick(menu).id}` },
  ];
}

/** 1,000 distinct terms a customer might type: whole words, word prefixes and name prefixes. */
export function searchTerms(menu: readonly { name: string }[], random: () => number, count = 1000): string[] {
  const terms = new Set<string>();
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  while (terms.size < count) {
    const name = menu[Math.floor(random() * menu.length)]!.name;
    const words = name.split(' ');
    const word = words[Math.floor(random() * words.length)]!;
    const kind = terms.size % 3;
    if (kind === 0) terms.add(word);
    else if (kind === 1 && word.length > 2) terms.add(word.slice(0, between(2, word.length - 1)));
    else if (kind === 2) terms.add(name.slice(0, between(3, name.length)));
  }
  return [...terms];
}
