/**
 * One run of Generate Image / Generate Video: the model, the guided form (or
 * the caller's arguments), then the request under a progress notification
 * with Cancel, and the results shown.
 */
import * as vscode from 'vscode';
import { requireCapability } from '../gateway/capabilities';
import { modelsOfKind, type ModelCapability } from '../gateway/catalog';
import type { GatewayClient } from '../gateway/client';
import { validationError } from '../gateway/errors';
import type { ModelObject } from '../gateway/types/models';
import type { OutputFiles } from '../output/outputFiles';
import { showError } from '../platform/notify';
import { withCancellableProgress } from '../platform/progress';
import type { ModelRole } from '../platform/settings';
import { askPrompt, type ModelChoice } from './fieldEditors';
import type { FormValues, MediaKind, MediaVariant } from './forms/formFields';
import { givenValues, initialValues, rememberable } from './forms/formValues';
import { formFor, isVariantOf, takesFields, VARIANTS_OF_KIND } from './forms/mediaForms';
import type { CancellationLike, GenerateCommandResult } from '../mediaActions/commandContracts';
import { commandResult } from './generation/commandArgs';
import { type GenerationSpec, prepareGeneration } from './generation/generationPlan';
import { elapsedProgress } from './generation/elapsedProgress';
import { type GenerationOutcome, runGeneration } from './generation/generationRun';
import { runGuidedForm } from './guidedForm';
import type { LastChoices } from './lastChoices';
import { presentResults } from './resultPresenter';
import { t } from '../l10n/localize';

export interface MediaGenerationServices {
  clients: { get(): GatewayClient };
  catalog: { list(signal?: AbortSignal): Promise<ModelObject[]> };
  settings: {
    model(role: ModelRole): string;
    setModel(role: ModelRole, model: string): Promise<void>;
    mediaTimeoutSeconds(kind: MediaKind): number;
    setModelCapability(model: string, capability: ModelCapability): Promise<void>;
    capabilityOverrides(): Record<string, ModelCapability>;
  };
  output: OutputFiles;
  log: { info(message: string): void; warn(message: string): void };
  lastChoices: LastChoices;
}

/** How a run starts: from the palette, a menu, or a caller's arguments. */
export interface GenerationStart {
  kind: MediaKind;
  prompt?: string;
  model?: string;
  fields: FormValues;
  /** Absolute paths by files field. */
  inputs: Record<string, string[]>;
  /** Ask through the guided form; otherwise the arguments are all there is, and errors are thrown to the caller. */
  interactive: boolean;
  openResults: boolean;
  cancellation?: CancellationLike;
}

const TITLES: Record<MediaKind, string> = { image: t('Generate Image'), video: t('Generate Video') };

/** Input files are shown, recorded and named in errors by their workspace-relative path. */
const shownAs = (file: string): string => vscode.workspace.asRelativePath(file, false);

export class MediaGenerationFlow {
  constructor(private readonly services: MediaGenerationServices) {}

  /** The saved files; undefined when the user gave up (or, interactively, when it failed: the error is shown). */
  async run(start: GenerationStart): Promise<GenerateCommandResult | undefined> {
    try {
      return await this.generate(start);
    } catch (error) {
      if (!start.interactive) throw error;
      void showError(t('GenAI Gateway: {0} failed', TITLES[start.kind]), error);
      return undefined;
    }
  }

  private async generate(start: GenerationStart): Promise<GenerateCommandResult | undefined> {
    const client = this.services.clients.get();
    const { id, variant } = await this.chooseModel(start, client);
    const spec = start.interactive ? await this.askUser(start, id, variant, client) : this.fromArguments(start, id, variant);
    if (!spec) return undefined;
    // A kind saved in the form (modelCapabilities) rebuilt the client: send with the current one.
    const sender = this.services.clients.get();
    const kind = spec.form.kind;
    const timeoutMs = this.services.settings.mediaTimeoutSeconds(kind) * 1000;
    const outcome = await withCancellableProgress(
      kind === 'image' ? t('GenAI Gateway: generating an image') : t('GenAI Gateway: generating a video'),
      async (signal, progress) => {
        const elapsed = elapsedProgress((message) => progress.report(message));
        try {
          const prepared = await prepareGeneration(spec, shownAs);
          return await runGeneration(sender, this.services.output, prepared, signal, elapsed.report, new Date(), { timeoutMs });
        } finally {
          elapsed.stop();
        }
      },
      start.cancellation,
    );
    this.logOutcome(spec, outcome);
    presentResults(kind, outcome, start.openResults).catch((error: unknown) => this.services.log.warn(`Showing the results failed: ${String(error)}`));
    return commandResult(outcome);
  }

  /**
   * The model asked for, else the default of the setting when it takes the
   * start's input files, else the first of the gateway's models that does.
   */
  private async chooseModel(start: GenerationStart, client: GatewayClient): Promise<ModelChoice> {
    const needed = Object.keys(start.inputs);
    const what = start.kind === 'image' ? t('an image model') : t('a video model');
    const fits = (variant: MediaVariant): boolean => takesFields(variant, needed, start.inputs);
    const named = start.model ?? this.services.settings.model(start.kind);
    if (named) {
      const variant = requireCapability(client.capabilityOf, named, VARIANTS_OF_KIND[start.kind], what);
      if (fits(variant)) return { id: named, variant };
      if (start.model !== undefined)
        throw validationError('model', named, t('{0} that takes {1}', what, needed.join(', ')), t('not {0}', formFor(variant).label));
    }
    const found = (await this.modelsOf(start.kind, client)).find((model) => fits(model.variant));
    if (found) return found;
    const allowed = needed.length > 0 ? t('{0} that takes {1}', what, needed.join(', ')) : what;
    throw validationError('model', named, allowed, t("none of the gateway's models is one"));
  }

  private async modelsOf(kind: MediaKind, client: GatewayClient): Promise<ModelChoice[]> {
    const { ofKind } = modelsOfKind(await this.services.catalog.list(), kind, client.placeOf);
    return ofKind.flatMap(({ id, capability }): ModelChoice[] => (isVariantOf(kind, capability) ? [{ id, variant: capability }] : []));
  }

  private async askUser(start: GenerationStart, model: string, variant: MediaVariant, client: GatewayClient): Promise<GenerationSpec | undefined> {
    const { lastChoices, settings } = this.services;
    const title = TITLES[start.kind];
    const form = formFor(variant);
    const values = initialValues(form, lastChoices.values(variant), start.fields, start.inputs);
    const prompt = start.prompt ?? (await askPrompt(start.kind, lastChoices.prompt(start.kind), form.needsPrompt(values), title));
    if (prompt === undefined) return undefined;
    const accepted = await runGuidedForm({ model, form, prompt, values }, title, {
      models: () => this.modelsOf(start.kind, client),
      remembered: (other) => lastChoices.values(other.variant),
      nameOf: shownAs,
      others: () => this.unclassifiedModels(start.kind, client),
      classify: (id, variant) => settings.setModelCapability(id, variant),
    });
    if (!accepted) return undefined;
    await lastChoices.rememberValues(accepted.form.variant, rememberable(accepted.form, accepted.values));
    await lastChoices.rememberPrompt(start.kind, accepted.prompt);
    if (accepted.model !== model) await settings.setModel(start.kind, accepted.model);
    return accepted;
  }

  /** The gateway's models that may be of the kind but nothing says which variant: never hidden, offered under "Other". */
  private async unclassifiedModels(kind: MediaKind, client: GatewayClient): Promise<string[]> {
    return modelsOfKind(await this.services.catalog.list(), kind, client.placeOf).other;
  }

  private fromArguments(start: GenerationStart, model: string, variant: MediaVariant): GenerationSpec {
    const form = formFor(variant);
    const given = { ...start.fields, ...start.inputs };
    for (const field of form.fields(given)) {
      if (field.kind === 'files' && start.fields[field.key] !== undefined) {
        throw validationError(`fields.${field.key}`, start.fields[field.key], t('input files under "inputs", not "fields"'));
      }
    }
    return { form, model, prompt: start.prompt ?? '', values: givenValues(form, given) };
  }

  private logOutcome(spec: GenerationSpec, outcome: GenerationOutcome): void {
    const { log } = this.services;
    const saved = outcome.saved.map((s) => shownAs(s.path)).join(', ');
    if (saved)
      log.info(
        `${TITLES[spec.form.kind]} with ${spec.model}: saved ${saved}${outcome.cancelled ? ' (cancelled before the rest)' : ''}.${outcome.generated ? ` Generated: ${outcome.generated}.` : ''}`,
      );
    for (const failed of outcome.failed) log.warn(`${TITLES[spec.form.kind]} with ${spec.model}: #${failed.member} failed: ${failed.message}`);
  }
}
