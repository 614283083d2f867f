import * as vscode from 'vscode';
import { CAPABILITY_LABELS, ModelCapability, groupByCapability, isClassified } from '../gateway/catalog';
import { showError } from '../platform/notify';
import { ModelRole, Settings } from '../platform/settings';
import { ModelCatalog, ROLE_OF_CAPABILITY } from './modelCatalog';
import { ModelObject } from '../gateway/types/models';
import { t } from '../l10n/localize';

interface ModelPickItem extends vscode.QuickPickItem {
  model?: string;
  capability?: ModelCapability;
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
    const groups = groupByCapability(
      models.map((m) => m.id),
      settings.connection().capabilityOverrides,
    );
    picker.items = pickItems(groups, settings, onlyRole);
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
  if (!choice?.model || !choice.capability) return undefined;
  await settings.setModel(ROLE_OF_CAPABILITY[choice.capability], choice.model);
  return choice.model;
}

function pickItems(groups: Map<ModelCapability, string[]>, settings: Settings, onlyRole: ModelRole | undefined): ModelPickItem[] {
  const items: ModelPickItem[] = [];
  const overrides = settings.connection().capabilityOverrides;
  for (const [capability, ids] of groups) {
    const role = ROLE_OF_CAPABILITY[capability];
    if (onlyRole && role !== onlyRole) continue;
    items.push({ label: CAPABILITY_LABELS[capability], kind: vscode.QuickPickItemKind.Separator });
    const current = settings.model(role);
    for (const id of ids) {
      // An id nothing classifies is offered as chat, never hidden; its kind can be set in genaiGateway.modelCapabilities.
      const unrecognised = capability === 'chat' && !isClassified(id, overrides);
      const notes = [
        id === current ? t('current default') : '',
        unrecognised ? t('kind not recognised: counted as chat (set it in genaiGateway.modelCapabilities)') : '',
      ].filter(Boolean);
      items.push({ label: id, description: notes.join(' · ') || undefined, model: id, capability });
    }
  }
  return items;
}
