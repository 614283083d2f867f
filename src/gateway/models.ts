import { Transport } from './transport';
import { ModelList, ModelObject } from './types/models';

export class ModelsApi {
  constructor(private readonly transport: Transport) {}

  async list(signal?: AbortSignal): Promise<ModelObject[]> {
    const response = await this.transport.send({ method: 'GET', path: '/models', signal, retry: 'safe' });
    const list = await response.json<ModelList>();
    return Array.isArray(list.data) ? list.data : [];
  }
}
