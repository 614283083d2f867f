/** POST /v1/videos/generation: real MP4s, as streamed base64 or signed links. */

import type { VideoResult } from '../../../src/gateway/types/videos';
import { fileId } from '../core/ids';
import type { Route } from '../core/router';
import { videoDimensions } from '../render-cache';
import { videoLatencyMs } from '../media/latency';
import { sendVideosAsBase64 } from './base64-json';
import { parseVideoRequest, VideoPlan } from './video-request';

export const videosRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/videos\/generation$/,
  auth: true,
  async handle(ctx) {
    const plan = parseVideoRequest(ctx.body);
    const { state } = ctx;
    const wait = videoLatencyMs(plan.model, plan.count, plan.seconds) * state.options.mediaLatencyScale;
    if (wait > 0) await ctx.reply.sleep(wait);
    const render = (index: number) => (): Buffer =>
      state.renders.mp4({
        ...videoDimensions(plan.aspectRatio),
        seconds: plan.seconds,
        prompt: memberPrompt(plan, index),
        ...(state.options.largeVideoBytes ? { padToBytes: state.options.largeVideoBytes } : {}),
      });
    if (plan.outputFormat === 'url') {
      const result: VideoResult = { videos: [] };
      for (let i = 0; i < plan.count; i++) {
        const id = fileId('mp4');
        state.files.put(id, 'video/mp4', render(i));
        result.videos.push({ url: state.signedLink(id, ctx.reply.fault), mime_type: 'video/mp4' });
      }
      return ctx.reply.json(200, result, ctx.extraHeaders);
    }
    const videos = Array.from({ length: plan.count }, (_, i) => render(i)());
    await sendVideosAsBase64(ctx.reply, videos, ctx.extraHeaders);
  },
};

function memberPrompt(plan: VideoPlan, index: number): string {
  return plan.count > 1 ? `${plan.prompt} #${index + 1}` : plan.prompt;
}
