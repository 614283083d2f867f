/** Wire types of POST /v1/images/generations (basic, 4.0 and 4.5 variants). */

export type ImageResponseFormat = 'url' | 'b64_json';

export interface BasicImageRequest {
  model: string;
  prompt: string;
  style?: string;
  response_format?: ImageResponseFormat;
}

export interface SeedreamImageRequest {
  model: string;
  prompt: string;
  /** One URL or data URL edits an image; an array gives references. */
  image?: string | string[];
  sequential_image_generation?: 'disabled' | 'auto';
  sequential_image_generation_options?: { max_images?: number };
  response_format?: ImageResponseFormat;
  size?: string;
  /** 4.5 only. */
  seed?: number;
  watermark?: boolean;
}

export type ImageRequest = BasicImageRequest | SeedreamImageRequest;

export interface ImageDatum {
  url?: string;
  b64_json?: string;
  revised_prompt?: string;
  size?: string;
  /** A failed member of a sequential set. */
  error?: { code: string; message: string };
}

export interface ImageUsage {
  input_tokens?: number;
  input_tokens_details?: { image_tokens?: number; text_tokens?: number };
  output_tokens?: number;
  total_tokens?: number;
  generated_images?: number;
}

export interface ImageResult {
  created: number;
  data: ImageDatum[];
  usage?: ImageUsage;
}
