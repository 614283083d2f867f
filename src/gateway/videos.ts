import { t } from '../l10n/localize';
import { CapabilityResolver, requireCapability } from './capabilities';
import { MediaWait, sendPaidGeneration } from './mediaWait';
import { OpenMediaSink, SavedMediaResponse, saveMediaResponse } from './mediaResponse';
import { GatewayResponse, Transport } from './transport';
import { VideoRequest, VideoResult } from './types/videos';
import { validateVideoRequest } from './validation';

const VIDEO_CAPABILITIES = ['video-v2', 'video-v3', 'video-v3.1'] as const;

export class VideosApi {
  constructor(
    private readonly transport: Transport,
    private readonly resolve: CapabilityResolver,
  ) {}

  /** Holds the whole response in memory: for url output or small clips. Prefer generateToSinks. */
  async generate(req: VideoRequest, signal?: AbortSignal, wait: MediaWait = {}): Promise<VideoResult & { requestId?: string }> {
    const response = await this.send(req, signal, wait);
    return { ...(await response.json<VideoResult>()), requestId: response.requestId };
  }

  /** Each `base64_encoded` video goes straight from the network into a sink, with bounded memory. */
  async generateToSinks(req: VideoRequest, openSink: OpenMediaSink, signal?: AbortSignal, wait: MediaWait = {}): Promise<SavedMediaResponse<VideoResult>> {
    return saveMediaResponse<VideoResult>(await this.send(req, signal, wait), ['base64_encoded'], openSink, signal, this.transport.limits.mediaFileBytes);
  }

  private async send(req: VideoRequest, signal: AbortSignal | undefined, wait: MediaWait): Promise<GatewayResponse> {
    const capability = requireCapability(this.resolve, req.model, VIDEO_CAPABILITIES, t('a video model'));
    validateVideoRequest(req, capability);
    return sendPaidGeneration(this.transport, 'video', '/videos/generation', req, signal, wait);
  }
}
