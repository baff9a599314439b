import type { FastifyInstance } from 'fastify';
import { searchSynonymEndpoints as synonyms } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { SearchService } from './search.service.ts';

/** Staff's synonym groups, under the catalogue service (`/api/catalogue/Staff/Search/Synonyms`). */
export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  bindEndpoint(app, synonyms.listSynonymGroups, ({ ctx, query }) => service.synonyms.list(ctx, query.pageNumber, query.pageSize));
  bindEndpoint(app, synonyms.createSynonymGroup, ({ ctx, body }) => service.synonyms.create(ctx, body.words));
  bindEndpoint(app, synonyms.changeSynonymGroup, ({ ctx, params, body }) => service.synonyms.change(ctx, params.id, body.version, body.words));
  bindEndpoint(app, synonyms.deleteSynonymGroup, ({ ctx, params, query }) => service.synonyms.remove(ctx, params.id, query.version));
}
