// Every route of an instance with its schema and config, in registration order (app.routeTable):
// the hostile-client and studio tests walk it, so a new endpoint is covered the day it is added.
import type { FastifyInstance } from 'fastify';
import type { RouteInfo } from '../types.js';

/** Call before any route is registered. */
export function registerRouteTable(app: FastifyInstance): void {
  const routeTable: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  });
  app.decorate('routeTable', routeTable);
}
