import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMenu, type Menu } from './products.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The menu in memory (docs/decisions/menu-index.md). */
    menu: Menu;
  }
}

/**
 * Reads the menu once and keeps it fresh by every instance's announcements. It listens first, so
 * that no change made during the read is missed; on close it announces its last units sold, before
 * the listener and the database close.
 */
export const menuPlugin = fp(async (app: FastifyInstance) => {
  const menu = createMenu(app.db, app.log);
  await menu.follow(app.listener);
  app.addHook('onClose', () => menu.close());
  const loading = performance.now();
  await menu.load();
  app.log.info(`menu index: ${menu.size} products read in ${Math.round(performance.now() - loading)} ms`);
  app.decorate('menu', menu);
});
