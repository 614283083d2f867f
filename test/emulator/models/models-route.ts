/** GET /v1/models and GET /v1/models/{id}. */

import type { ModelList } from '../../../src/gateway/types/models';
import { modelNotFound } from '../core/errors';
import type { Route } from '../core/router';
import { listModels } from './catalog';

export const modelsRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/models$/,
    auth: true,
    async handle(ctx) {
      const extra = ctx.state.options.extraModels.map((id) => ({ id, object: 'model' as const, created: 1_700_000_000, owned_by: 'gateway' }));
      const list: ModelList = { object: 'list', data: [...listModels(), ...extra] };
      await ctx.reply.json(200, list, ctx.extraHeaders);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/models\/(.+)$/,
    auth: true,
    async handle(ctx) {
      const id = ctx.params[0] ?? '';
      const model = listModels().find((m) => m.id === id);
      if (!model) throw modelNotFound(id);
      await ctx.reply.json(200, model, ctx.extraHeaders);
    },
  },
];
