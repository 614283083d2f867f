/** Images and videos as the generation commands make them: sent, streamed or downloaded into the output folder. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sniffMediaType } from '../../../../src/gateway/media/mediaType';
import type { FormValues, MediaVariant } from '../../../../src/mediaGeneration/forms/formFields';
import { givenValues } from '../../../../src/mediaGeneration/forms/formValues';
import { formFor } from '../../../../src/mediaGeneration/forms/mediaForms';
import { prepareGeneration } from '../../../../src/mediaGeneration/generation/generationPlan';
import { sniffAudioFormat } from '../../../../src/speech/audioFormats';
import { runGeneration } from '../../../../src/mediaGeneration/generation/generationRun';
import { folderMediaOutput } from '../../../support/folderMediaOutput';
import { isWholeMediaFile } from '../../../support/wholeMediaFile';
import { partialFiles, resultFiles } from '../leftoverFiles';
import { type CaseContext, type Endpoint, type Outcome, outcomeOf, type SpecificFault } from './endpoint';

interface Generation {
  name: string;
  variant: MediaVariant;
  model: string;
  values: FormValues;
  faultPath: string;
  specificFaults: readonly SpecificFault[];
  /** Less than the answer's size: a link answer is a few hundred bytes. */
  midBodyBytes: number;
}

const PROMPT = 'a lighthouse on a cliff at dusk in light fog';

function generationEndpoint(g: Generation): Endpoint {
  return {
    name: g.name,
    faultPath: g.faultPath,
    retry: 'paid',
    specificFaults: g.specificFaults,
    midBodyBytes: g.midBodyBytes,
    async run({ fixture, folder }): Promise<Outcome> {
      const form = formFor(g.variant);
      const prepared = await prepareGeneration({ form, model: g.model, prompt: PROMPT, values: givenValues(form, g.values) }, (file) => file);
      let failedMember: string | undefined;
      const outcome = await outcomeOf(async () => {
        const result = await runGeneration(fixture.client, folderMediaOutput(folder), prepared, new AbortController().signal);
        failedMember = result.failed[0]?.message;
      });
      return outcome.ok && failedMember !== undefined ? { ok: false, message: failedMember } : outcome;
    },
    verify: verifyMediaFolder,
  };
}

/** Nothing partial is ever left; a failure leaves no result; a success leaves one whole media file. */
export function verifyMediaFolder({ folder }: CaseContext, outcome: Outcome): void {
  assert.deepEqual(partialFiles(folder), [], 'no partial file');
  const results = resultFiles(folder);
  if (!outcome.ok) return assert.deepEqual(results, [], 'a failure leaves no file');
  assert.equal(results.length, 1, 'one result');
  const bytes = fs.readFileSync(path.join(folder, results[0]!));
  assert.ok(sniffMediaType(bytes) ?? sniffAudioFormat(bytes), `${results[0]} is a media file`);
  assert.ok(isWholeMediaFile(bytes), `${results[0]} is whole`);
}

export const imageAsBase64 = (): Endpoint =>
  generationEndpoint({
    name: 'image (b64_json streamed to a file)',
    variant: 'image-4.0',
    model: 'bytedance-seedream-4',
    values: { size: '512x512', response_format: 'b64_json', watermark: false },
    faultPath: '/images',
    specificFaults: [],
    midBodyBytes: 300,
  });

export const imageAsLink = (): Endpoint =>
  generationEndpoint({
    name: 'image (signed link downloaded)',
    variant: 'image-4.0',
    model: 'bytedance-seedream-4',
    values: { size: '512x512', response_format: 'url', watermark: false },
    faultPath: '/images',
    specificFaults: ['expired signed URL'],
    midBodyBytes: 100,
  });

export const videoAsBase64 = (): Endpoint =>
  generationEndpoint({
    name: 'video (base64 streamed to a file)',
    variant: 'video-v2',
    model: 'veo-2',
    values: { n: 1 },
    faultPath: '/videos',
    specificFaults: [],
    midBodyBytes: 300,
  });

export const videoAsLink = (): Endpoint =>
  generationEndpoint({
    name: 'video (signed link downloaded)',
    variant: 'video-v3',
    model: 'google-veo-3',
    values: { duration: 4, output_format: 'url', generate_audio: false },
    faultPath: '/videos',
    specificFaults: ['expired signed URL'],
    midBodyBytes: 100,
  });

/** A signed media link downloaded into the output folder, the faults hitting the download itself. */
export function signedLinkDownload(): Endpoint {
  let url = '';
  return {
    name: 'signed link download',
    faultPath: '/files',
    retry: 'safe',
    specificFaults: [],
    midBodyBytes: 300,
    async prepare({ fixture }) {
      const result = await fixture.client.images.generate({ model: 'bytedance-seedream-4', prompt: PROMPT, size: '512x512', response_format: 'url' });
      url = result.data[0]?.url ?? assert.fail('a link');
    },
    run: ({ fixture, folder }) =>
      outcomeOf(() => folderMediaOutput(folder).downloadMedia(fixture.client, url, { prompt: PROMPT, at: new Date(), fallbackExtension: 'bin' })),
    verify: verifyMediaFolder,
  };
}
