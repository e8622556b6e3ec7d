import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { loadSettings, SHOP_SETTINGS_CHANNEL, type ShopSettings, shopSettings } from './shop.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop: its clock, hours and bill, kept up to date with the owner's settings (docs/shop-rules.md#settings). */
    shop: ShopSettings;
  }
}

/**
 * The shop's settings: read once at start (a new shop's first written from the environment), then
 * again whenever any instance announces a change, and after the listener lost its connection.
 */
export const shopPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const shop = shopSettings(config);
  const reload = () => {
    loadSettings(app.db, shop, app.log).catch((error: unknown) => app.log.error({ err: error }, 'shop settings: could not be read again'));
  };
  const unsubscribe = await app.listener.subscribe(SHOP_SETTINGS_CHANNEL, reload, reload);
  app.addHook('onClose', () => unsubscribe());
  await loadSettings(app.db, shop, app.log);
  app.decorate('shop', shop);
});
