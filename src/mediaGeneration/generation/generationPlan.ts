/** A generation made ready to send: values checked, input files read, the sidecar's record of the request. */
import * as path from 'node:path';
import { readLocalMedia } from '../../output/workspaceMedia';
import { type FormValues, type MediaForm, filePaths } from '../forms/formFields';
import { type EncodedInput, type GenerationRequest, buildRequest, checkRequest } from '../forms/formRequest';
import { recordedRequest } from './sidecar';

export interface GenerationSpec {
  form: MediaForm;
  model: string;
  prompt: string;
  /** Files fields hold absolute paths. */
  values: FormValues;
}

export interface PreparedGeneration extends GenerationSpec {
  request: GenerationRequest;
  /** The request as sidecars record it: input files by workspace-relative path. */
  recorded: unknown;
  /** Input files by field, workspace-relative. */
  inputs: Record<string, string[]>;
  /** What the files are named after: the prompt, or else the first input file. */
  nameText: string;
  /** Whether several results may come back, to be numbered as a set. */
  expectsSet: boolean;
  /** How many results were asked for; undefined when the model decides. */
  requested?: number;
}

/**
 * Checks the values (before reading any file), then reads and encodes the
 * input files and builds the request.
 * @param shownAs how a file is recorded and named in errors: its workspace-relative path.
 * @throws GatewayError kind 'validation' for the first problem.
 */
export async function prepareGeneration(spec: GenerationSpec, shownAs: (file: string) => string): Promise<PreparedGeneration> {
  const { form, model, prompt, values } = spec;
  checkRequest(form, model, prompt, values);
  const encoded = new Map<string, EncodedInput>();
  const inputs: Record<string, string[]> = {};
  for (const field of form.fields(values)) {
    if (field.kind !== 'files') continue;
    for (const file of filePaths(values, field.key)) {
      encoded.set(file, { path: file, ...(await readLocalMedia(file, field, field.key, shownAs(file))) });
      inputs[field.key] = [...(inputs[field.key] ?? []), shownAs(file)];
    }
  }
  const request = buildRequest(form, model, prompt, values, (file) => {
    const input = encoded.get(file);
    /* not shown: every input file is read above */
    if (!input) throw new Error(`${file} was not read`);
    return input;
  });
  const firstInput = Object.values(inputs)[0]?.[0];
  const requested = form.kind === 'video' ? Number(values.n ?? 1) : undefined;
  return {
    ...spec,
    request,
    recorded: recordedRequest(request.request, [...encoded.values()], shownAs),
    inputs,
    nameText: prompt.trim() || (firstInput ? path.parse(firstInput).name : form.kind),
    expectsSet: form.kind === 'image' ? values.sequential_image_generation === 'auto' : (requested ?? 1) > 1,
    requested,
  };
}
