import { formatIDR, type Product } from '@kopi/shared';
import { escapeHtml } from '../../lib/html.ts';

// What a search engine and a link preview read of a page before any script runs: its title and
// description, Open Graph tags, and for a product its structured data (schema.org Product).

export interface PageHead {
  title: string;
  description: string;
  /** The page's own address, absolute. */
  url: string;
  /** A picture of the page, absolute. */
  image?: string;
  type: 'website' | 'product';
  /** Structured data for search engines, as a JSON-LD object. */
  structured?: object;
}

/** A JSON text safe inside a <script> element: no "<" can close it or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;
/** The picture's path as the web shows it (lib/image-url.ts): at the host's root. */
const picture = (origin: string, image: string) => absolute(origin, image.startsWith('/') ? image : `/${image}`);

/** The landing page: the shop and what it sells. */
export function homeHead(shopName: string, description: string, origin: string): PageHead {
  return { title: shopName, description, url: absolute(origin, '/'), type: 'website' };
}

/** The menu: its first products and their prices, the first one's picture. */
export function menuHead(shopName: string, products: readonly Product[], origin: string, pathAndQuery: string): PageHead {
  const listed = products
    .slice(0, 6)
    .map((product) => `${product.product_name} ${formatIDR(product.price)}`)
    .join(', ');
  return {
    title: `Menu · ${shopName}`,
    description: listed ? `Order from ${shopName}: ${listed}…` : `The menu of ${shopName}.`,
    url: absolute(origin, pathAndQuery),
    image: products[0] ? picture(origin, products[0].image) : undefined,
    type: 'website',
  };
}

/** One product: its name, price, words and picture, and its offer for search engines. */
export function productHead(shopName: string, product: Product, origin: string): PageHead {
  const url = absolute(origin, `/detail/${product.id}`);
  const image = picture(origin, product.image);
  return {
    title: `${product.product_name} · ${shopName}`,
    description: `${formatIDR(product.price)} · ${product.description}`.trim(),
    url,
    image,
    type: 'product',
    structured: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.product_name,
      description: product.description,
      image,
      category: product.category_name,
      offers: {
        '@type': 'Offer',
        url,
        price: product.price,
        priceCurrency: 'IDR',
        availability: product.sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      },
    },
  };
}

/** The <title> and the <meta> tags of `head`, as HTML. */
export function headTags(head: PageHead, shopName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:site_name', shopName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
  ];
  if (head.image) tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:card', 'summary_large_image'));
  if (head.structured) tags.push(`<script type="application/ld+json">${jsonForScript(head.structured)}</script>`);
  return tags.join('\n    ');
}
