import { Transport } from './transport';
import { ModelObject } from './types/models';

export class ModelsApi {
  constructor(private readonly transport: Transport) {}

  /** The listed models that have an id; entries without one (null, a number, no id) are left out rather than break every picker. */
  async list(signal?: AbortSignal): Promise<ModelObject[]> {
    const response = await this.transport.send({ method: 'GET', path: '/models', signal, retry: 'safe' });
    const list = await response.json<unknown>();
    const data = typeof list === 'object' && list !== null ? (list as { data?: unknown }).data : undefined;
    return Array.isArray(data) ? data.filter(hasId) : [];
  }
}

function hasId(entry: unknown): entry is ModelObject {
  if (typeof entry !== 'object' || entry === null) return false;
  const id = (entry as { id?: unknown }).id;
  return typeof id === 'string' && id !== '';
}
