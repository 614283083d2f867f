/** The model list, as the model picker and Test Connection load it. */
import assert from 'node:assert/strict';
import { type Endpoint, outcomeOf } from './endpoint';

export function modelList(): Endpoint {
  return {
    name: 'model list',
    faultPath: '/models',
    retry: 'safe',
    specificFaults: [],
    midBodyBytes: 300,
    run: ({ fixture }) =>
      outcomeOf(async () => {
        assert.ok((await fixture.client.models.list()).length > 0);
      }),
  };
}
