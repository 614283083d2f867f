import * as vscode from 'vscode';
import {
  CAPABILITY_LABELS,
  KIND_OF_CAPABILITY,
  MODEL_CAPABILITIES,
  MODEL_KINDS,
  ModelCapability,
  ModelKind,
  ModelPlace,
  modelsOfKind,
} from '../gateway/catalog';
import { showError } from '../platform/notify';
import { ModelRole, Settings } from '../platform/settings';
import { ModelCatalog } from './modelCatalog';
import { ModelObject } from '../gateway/types/models';
import { t } from '../l10n/localize';

interface ModelPickItem extends vscode.QuickPickItem {
  model?: string;
  capability?: ModelCapability;
  /** A model under "Other": its kind is asked when chosen, among these. */
  ask?: ModelCapability[];
}

/** Quick pick of the gateway's models grouped by capability; the choice becomes that capability's default model. */
export async function selectModel(catalog: ModelCatalog, settings: Settings, onlyRole?: ModelRole): Promise<string | undefined> {
  const picker = vscode.window.createQuickPick<ModelPickItem>();
  picker.title = t('GenAI Gateway: Select Model');
  picker.placeholder = t("Loading the gateway's models…");
  picker.matchOnDescription = true;
  picker.busy = true;
  picker.show();
  let hidden = false;
  const chosen = new Promise<ModelPickItem | undefined>((resolve) => {
    picker.onDidAccept(() => {
      if (picker.selectedItems[0]) resolve(picker.selectedItems[0]);
    });
    picker.onDidHide(() => {
      hidden = true;
      resolve(undefined);
    });
  });
  const show = (models: readonly ModelObject[]): void => {
    const active = picker.activeItems[0]?.model;
    picker.items = pickItems(models, (model) => catalog.placeOf(model), settings, onlyRole);
    picker.placeholder = t('Choose the default model for its kind of work');
    const keep = picker.items.find((item) => item.model !== undefined && item.model === active);
    if (keep) picker.activeItems = [keep];
  };
  // The last list is offered at once, and the gateway asked again: it may have added or removed models since.
  // Not aborted when the picker closes: other pickers may be waiting for the same request.
  const shown = catalog.lastListed();
  if (shown) show(shown);
  try {
    const models = await catalog.list(undefined, true);
    if (!hidden) show(models);
  } catch (e) {
    if (!hidden && !shown) {
      picker.hide();
      void showError(t('GenAI Gateway: could not list models'), e);
    } else if (!hidden) {
      picker.placeholder = t("Showing the models listed before: the gateway's list could not be fetched now");
    }
  }
  picker.busy = false;
  const choice = await chosen;
  picker.dispose();
  const capability = choice?.ask ? await askKind(choice, onlyRole) : choice?.capability;
  if (!choice?.model || !capability) return undefined;
  if (choice.ask) await settings.setModelCapability(choice.model, capability);
  await settings.setModel(KIND_OF_CAPABILITY[capability], choice.model);
  return choice.model;
}

/** What the user says a model under "Other" is; saved in genaiGateway.modelCapabilities. */
async function askKind(choice: ModelPickItem, onlyRole: ModelRole | undefined): Promise<ModelCapability | undefined> {
  const items = (choice.ask ?? []).map((capability) => ({ label: CAPABILITY_LABELS[capability], capability }));
  const picked = await vscode.window.showQuickPick(items, {
    title: t('GenAI Gateway: what kind of model is {0}?', choice.model ?? ''),
    placeHolder: onlyRole
      ? t('Saved in {0}', 'genaiGateway.modelCapabilities')
      : t('It becomes the default of its kind; saved in {0}', 'genaiGateway.modelCapabilities'),
  });
  return picked?.capability;
}

/** The models of each kind, grouped by variant, then under "Other" those whose kind (or variant) nothing says. */
function pickItems(
  models: readonly ModelObject[],
  placeOf: (model: ModelObject) => ModelPlace,
  settings: Settings,
  onlyRole: ModelRole | undefined,
): ModelPickItem[] {
  const kinds = onlyRole ? [onlyRole] : MODEL_KINDS;
  const items: ModelPickItem[] = [];
  const others = new Map<string, ModelCapability[]>();
  for (const kind of kinds) {
    const { ofKind, other } = modelsOfKind(models, kind, placeOf);
    const current = settings.model(kind);
    for (const capability of MODEL_CAPABILITIES) {
      const ids = ofKind.filter((m) => m.capability === capability).map((m) => m.id);
      if (ids.length === 0) continue;
      items.push({ label: CAPABILITY_LABELS[capability], kind: vscode.QuickPickItemKind.Separator });
      for (const id of ids) items.push({ label: id, description: id === current ? t('current default') : undefined, model: id, capability });
    }
    for (const id of other) others.set(id, [...(others.get(id) ?? []), ...capabilitiesOf(kind)]);
  }
  if (others.size > 0) items.push({ label: t('Other (kind not recognised)'), kind: vscode.QuickPickItemKind.Separator });
  for (const [id, ask] of others) items.push({ label: id, description: t('choose its kind, saved in {0}', 'genaiGateway.modelCapabilities'), model: id, ask });
  return items;
}

function capabilitiesOf(kind: ModelKind): ModelCapability[] {
  return MODEL_CAPABILITIES.filter((capability) => KIND_OF_CAPABILITY[capability] === kind);
}
