import { t } from '../l10n/localize';
import { CapabilityResolver, requireCapability } from './capabilities';
import { MediaWait, sendPaidGeneration } from './mediaWait';
import { OpenMediaSink, SavedMediaResponse, saveMediaResponse } from './mediaResponse';
import { GatewayResponse, Transport } from './transport';
import { ImageRequest, ImageResult } from './types/images';
import { validateImageRequest } from './validation';

const IMAGE_CAPABILITIES = ['image-basic', 'image-4.0', 'image-4.5'] as const;

export class ImagesApi {
  constructor(
    private readonly transport: Transport,
    private readonly resolve: CapabilityResolver,
  ) {}

  async generate(req: ImageRequest, signal?: AbortSignal, wait: MediaWait = {}): Promise<ImageResult & { requestId?: string }> {
    const response = await this.send(req, signal, wait);
    return { ...(await response.json<ImageResult>()), requestId: response.requestId };
  }

  /** Like generate, but each `b64_json` goes straight from the network into a sink. */
  async generateToSinks(req: ImageRequest, openSink: OpenMediaSink, signal?: AbortSignal, wait: MediaWait = {}): Promise<SavedMediaResponse<ImageResult>> {
    return saveMediaResponse<ImageResult>(await this.send(req, signal, wait), ['b64_json'], openSink, signal, this.transport.limits.mediaFileBytes);
  }

  private async send(req: ImageRequest, signal: AbortSignal | undefined, wait: MediaWait): Promise<GatewayResponse> {
    const capability = requireCapability(this.resolve, req.model, IMAGE_CAPABILITIES, t('an image model'));
    validateImageRequest(req, capability);
    return sendPaidGeneration(this.transport, 'image', '/images/generations', req, signal, wait);
  }
}
