/**
 * Sends a prepared generation and saves what comes back: base64 results
 * streamed to their files with bounded memory, URL results downloaded at
 * once (the links expire), a sidecar beside each, and the failed members of
 * a set reported while the others are kept.
 */
import type { ContentNamedFile } from '../../files/contentNamedFile';
import type { GatewayClient } from '../../gateway/client';
import { errorText } from '../../gateway/errors';
import type { OpenMediaSink } from '../../gateway/mediaResponse';
import type { MediaWait } from '../../gateway/mediaWait';
import type { FailedMember } from '../../mediaActions/commandContracts';
import type { MediaFileName } from '../../output/generatedFiles';
import { hasAacAudio } from '../../output/mp4Audio';
import { mp4Summary } from '../../output/mp4Summary';
import type { GenerationRequest } from '../forms/formRequest';
import type { MediaKind } from '../forms/formFields';
import type { PreparedGeneration } from './generationPlan';
import { describeGeneratedImages, describeSavedVideos } from '../../gateway/mediaUsage';
import { sidecarContent } from './sidecar';
import { t } from '../../l10n/localize';

/** Where results go (OutputFiles in the extension). */
export interface MediaOutput {
  mediaFile(name: MediaFileName): ContentNamedFile;
  downloadMedia(client: GatewayClient, url: string, name: MediaFileName, signal?: AbortSignal): Promise<string>;
  writeSidecar(mediaPath: string, data: object): Promise<string>;
}

export interface SavedMedia {
  path: string;
  sidecar: string;
  /** 1-based position in a set. */
  member?: number;
}

export interface GenerationOutcome {
  saved: SavedMedia[];
  failed: FailedMember[];
  /** Cancelled while downloading: the members saved before are kept. */
  cancelled: boolean;
  /** Saved videos with AAC audio, which plays silently inside VS Code. */
  silentAudio: string[];
  requestId?: string;
  /** What the gateway says it generated ("2 images, 2048×2048, 32,768 output tokens"), where it says. */
  generated?: string;
}

export const ENDPOINTS: Record<MediaKind, string> = { image: '/v1/images/generations', video: '/v1/videos/generation' };
/** Images of an unknown format keep a neutral extension; the video endpoint only gives MP4. */
const FALLBACK_EXTENSIONS: Record<MediaKind, string> = { image: 'bin', video: 'mp4' };

interface AnswerMember {
  url?: string;
  error?: string;
  revisedPrompt?: string;
}

interface Answer {
  members: AnswerMember[];
  usage?: unknown;
  requestId?: string;
  generated?: string;
}

export async function runGeneration(
  client: GatewayClient,
  output: MediaOutput,
  prepared: PreparedGeneration,
  signal: AbortSignal,
  report: (message: string) => void = () => undefined,
  at: Date = new Date(),
  wait: MediaWait = {},
): Promise<GenerationOutcome> {
  const kind = prepared.form.kind;
  const memberNumber = (index: number): number | undefined => (prepared.expectsSet || index > 0 ? index + 1 : undefined);
  const nameOf = (index: number): MediaFileName => ({
    prompt: prepared.nameText,
    at,
    member: memberNumber(index),
    fallbackExtension: FALLBACK_EXTENSIONS[kind],
  });
  const streamed = new Map<number, ContentNamedFile>();
  const openSink: OpenMediaSink = async (occurrence) => {
    // The path is ['data' | 'videos', index, field].
    const index = typeof occurrence.path[1] === 'number' ? occurrence.path[1] : occurrence.index;
    report(kind === 'image' ? t('Receiving image {0}…', index + 1) : t('Receiving video {0}…', index + 1));
    const file = output.mediaFile(nameOf(index));
    streamed.set(index, file);
    return file;
  };

  report(t('Waiting for the gateway…'));
  const answer = await send(client, prepared.request, openSink, signal, wait);
  // An answer without any result counts as one failed member, so it is never taken for success.
  const expected = Math.max(answer.members.length, prepared.requested ?? 0, 1);
  const outcome: GenerationOutcome = {
    saved: [],
    failed: [],
    cancelled: false,
    silentAudio: [],
    requestId: answer.requestId,
    ...(answer.generated ? { generated: answer.generated } : {}),
  };
  for (let index = 0; index < expected; index++) {
    const member = answer.members[index];
    let path = streamed.get(index)?.path;
    if (path === undefined && member?.url !== undefined) {
      report(kind === 'image' ? t('Downloading image {0} of {1}…', index + 1, expected) : t('Downloading video {0} of {1}…', index + 1, expected));
      try {
        path = await output.downloadMedia(client, member.url, nameOf(index), signal);
      } catch (error) {
        if (signal.aborted) {
          outcome.cancelled = true;
          break;
        }
        outcome.failed.push({ member: index + 1, message: errorText(error) });
        continue;
      }
    }
    if (path === undefined) {
      const missing = !member
        ? t('the gateway returned {0} of {1}', answer.members.length, expected)
        : kind === 'image'
          ? t('no image in the answer')
          : t('no video in the answer');
      outcome.failed.push({ member: index + 1, message: member?.error ?? missing });
      continue;
    }
    const number = memberNumber(index);
    const sidecar = await output.writeSidecar(
      path,
      sidecarContent({
        endpoint: ENDPOINTS[kind],
        model: prepared.model,
        variant: prepared.form.variant,
        prompt: prepared.prompt,
        request: prepared.recorded,
        inputs: prepared.inputs,
        seed: seedOf(prepared.request),
        revisedPrompt: member?.revisedPrompt,
        usage: answer.usage,
        member: number === undefined ? undefined : { index: number, of: expected },
        requestId: answer.requestId,
        createdAt: at,
      }),
    );
    outcome.saved.push({ path, sidecar, member: number });
  }
  if (kind === 'video') {
    for (const { path } of outcome.saved) if (await hasAacAudio(path)) outcome.silentAudio.push(path);
    // The answer holds only the files: what they are is what was generated.
    const generated = describeSavedVideos(await Promise.all(outcome.saved.map(({ path }) => mp4Summary(path))));
    if (generated) outcome.generated = generated;
  }
  return outcome;
}

async function send(client: GatewayClient, generation: GenerationRequest, openSink: OpenMediaSink, signal: AbortSignal, wait: MediaWait): Promise<Answer> {
  if (generation.kind === 'image') {
    const { document, requestId } = await client.images.generateToSinks(generation.request, openSink, signal, wait);
    const data: unknown[] = Array.isArray(document.data) ? document.data : [];
    return { members: data.map(answerMember), usage: document.usage, requestId, generated: describeGeneratedImages(document) };
  }
  const { document, requestId } = await client.videos.generateToSinks(generation.request, openSink, signal, wait);
  const videos: unknown[] = Array.isArray(document.videos) ? document.videos : [];
  return { members: videos.map(answerMember), requestId };
}

/** One item of the answer's list, read defensively: the body is the gateway's, not ours. */
function answerMember(item: unknown): AnswerMember {
  const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const error = fields.error;
  const failure = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
  return {
    url: typeof fields.url === 'string' ? fields.url : undefined,
    revisedPrompt: typeof fields.revised_prompt === 'string' ? fields.revised_prompt : undefined,
    error: failure ? [failure.message, failure.code].filter((part) => typeof part === 'string').join(' — ') || t('failed') : undefined,
  };
}

function seedOf(generation: GenerationRequest): number | undefined {
  return 'seed' in generation.request ? generation.request.seed : undefined;
}
