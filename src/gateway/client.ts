import { ModelCapability } from './catalog';
import { capabilityResolver, placeResolver, type PlaceResolver } from './capabilities';
import { ChatApi } from './chat';
import { ImagesApi } from './images';
import { ModelsApi } from './models';
import { SpeechApi } from './speech';
import { TasksApi } from './tasks';
import { GatewayResponse, Transport, TransportOptions } from './transport';
import { VideosApi } from './videos';

export interface GatewayClientOptions extends TransportOptions {
  /** Model id → capability, for ids the built-in classification gets wrong. */
  capabilityOverrides?: Record<string, ModelCapability>;
}

/** The gateway, one resource per property, over one transport. */
export class GatewayClient {
  readonly models: ModelsApi;
  readonly chat: ChatApi;
  readonly images: ImagesApi;
  readonly videos: VideosApi;
  readonly tasks: TasksApi;
  readonly speech: SpeechApi;
  readonly capabilityOf: (model: string) => ModelCapability;
  /** What a listed model is for (its kind, or unknown): what the model pickers offer it as. */
  readonly placeOf: PlaceResolver;
  private readonly transport: Transport;

  constructor(options: GatewayClientOptions) {
    this.transport = new Transport(options);
    this.capabilityOf = capabilityResolver(options.capabilityOverrides);
    this.placeOf = placeResolver(options.capabilityOverrides);
    this.models = new ModelsApi(this.transport);
    this.chat = new ChatApi(this.transport);
    this.images = new ImagesApi(this.transport, this.capabilityOf);
    this.videos = new VideosApi(this.transport, this.capabilityOf);
    this.tasks = new TasksApi(this.transport);
    this.speech = new SpeechApi(this.transport);
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  get proxyUrl(): string | undefined {
    return this.transport.proxyUrl;
  }

  /** The proxy requests to `url` (default: the gateway) go through; undefined: direct. */
  proxyFor(url: string = this.transport.baseUrl): Promise<string | undefined> {
    return this.transport.proxyFor(url);
  }

  /** GETs a signed media link (no credential sent). */
  download(url: string, signal?: AbortSignal): Promise<GatewayResponse> {
    return this.transport.download(url, signal);
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
