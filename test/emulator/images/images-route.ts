/** POST /v1/images/generations: real PNGs, as signed links or base64. */

import type { ImageDatum, ImageResult, ImageUsage } from '../../../src/gateway/types/images';
import { fileId, unixSeconds } from '../core/ids';
import type { Route } from '../core/router';
import type { RouteContext } from '../state';
import { countWords } from '../core/words';
import { imageLatencyMs } from '../media/latency';
import { ImagePlan, parseImageRequest } from './image-request';

/** Prompts shorter than this many words come back with a revised_prompt. */
const SHORT_PROMPT_WORDS = 6;
const TOKENS_PER_REFERENCE = 256;

export const imagesRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/images\/generations$/,
  auth: true,
  async handle(ctx) {
    const plan = parseImageRequest(ctx.body);
    const wait = imageLatencyMs(plan.model, plan.count) * ctx.state.options.mediaLatencyScale;
    if (wait > 0) await ctx.reply.sleep(wait);
    const failIndex = plan.count > 1 && /fail-one/i.test(plan.prompt) ? plan.count - 1 : -1;
    const data: ImageDatum[] = [];
    // The manyMediaFields fault repeats the members asked for (rendered once) up to its count.
    const count = ctx.reply.fault.manyMediaFields ?? plan.count;
    for (let i = 0; i < count; i++) {
      data.push(i === failIndex ? failedMember() : imageDatum(ctx, plan, i % plan.count));
    }
    const result: ImageResult = { created: unixSeconds(), data, usage: usageOf(plan, plan.count - (failIndex >= 0 ? 1 : 0)) };
    await ctx.reply.json(200, result, ctx.extraHeaders);
  },
};

function imageDatum(ctx: RouteContext, plan: ImagePlan, index: number): ImageDatum {
  const { state } = ctx;
  const prompt = plan.count > 1 ? `${plan.prompt} #${index + 1}` : plan.prompt;
  const render = (): Buffer => state.renders.png(plan.width, plan.height, prompt, plan.seed);
  const datum: ImageDatum = {};
  if (plan.responseFormat === 'url') {
    const id = fileId('png');
    state.files.put(id, 'image/png', render); // rendered on first download
    datum.url = state.signedLink(id, ctx.reply.fault);
  } else {
    datum.b64_json = render().toString('base64');
  }
  if (countWords(plan.prompt) < SHORT_PROMPT_WORDS) datum.revised_prompt = `${plan.prompt}, highly detailed, natural lighting, sharp focus`;
  if (plan.variant !== 'image-basic') datum.size = `${plan.width}x${plan.height}`;
  return datum;
}

function failedMember(): ImageDatum {
  return {
    error: {
      code: 'OutputImageSensitiveContentDetected',
      message: 'The request failed because the output image may contain sensitive information.',
    },
  };
}

function usageOf(plan: ImagePlan, generated: number): ImageUsage {
  const textTokens = countWords(plan.prompt);
  const imageTokens = plan.references * TOKENS_PER_REFERENCE;
  const outputTokens = Math.round((plan.width * plan.height) / 256) * generated;
  return {
    input_tokens: textTokens + imageTokens,
    input_tokens_details: { image_tokens: imageTokens, text_tokens: textTokens },
    output_tokens: outputTokens,
    total_tokens: textTokens + imageTokens + outputTokens,
    ...(plan.variant === 'image-basic' ? {} : { generated_images: generated }),
  };
}
