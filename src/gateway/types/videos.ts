/** Wire types of POST /v1/videos/generation (synchronous; V2, V3, V3.1). */

export interface MediaInput<M extends string> {
  mime_type: M;
  url?: string;
  base_64_encoded?: string;
}

export type ImageInput = MediaInput<'image/jpeg' | 'image/png'>;
export type VideoInput = MediaInput<'video/mp4'>;

export interface VeoV2Request {
  model: string;
  prompt: string;
  n?: number;
  enhance_prompt?: boolean;
}

export interface VeoV3Request {
  model: string;
  prompt?: string;
  n?: number;
  image?: ImageInput;
  /** V3.1 only. */
  last_frame?: ImageInput;
  /** V3.1 only, up to 3. */
  reference_images?: Array<{ image: ImageInput; reference_type: 'subject' }>;
  video?: VideoInput;
  generate_audio?: boolean;
  duration?: 4 | 6 | 8;
  resolution?: '720p' | '1080p';
  aspect_ratio?: '16:9' | '9:16';
  seed?: number;
  negative_prompt?: string;
  person_generation?: 'allow_adult' | 'allow_all' | 'dont_allow';
  resize_mode?: 'pad' | 'crop';
  compression_quality?: 'optimized' | 'lossless';
  output_format?: 'base64' | 'url';
}

export type VideoRequest = VeoV2Request | VeoV3Request;

export interface VideoDatum {
  base64_encoded?: string;
  url?: string;
  mime_type?: string;
}

export interface VideoResult {
  videos: VideoDatum[];
}
