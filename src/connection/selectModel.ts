import * as vscode from 'vscode';
import { CAPABILITY_LABELS, ModelCapability, groupByCapability, isClassified } from '../gateway/catalog';
import { showError } from '../platform/notify';
import { ModelRole, Settings } from '../platform/settings';
import { ModelCatalog, ROLE_OF_CAPABILITY } from './modelCatalog';
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
  const abort = new AbortController();
  picker.onDidHide(() => abort.abort());
  try {
    const models = await catalog.list(abort.signal);
    const groups = groupByCapability(
      models.map((m) => m.id),
      settings.connection().capabilityOverrides,
    );
    picker.items = pickItems(groups, settings, onlyRole);
    picker.placeholder = t('Choose the default model for its kind of work');
    picker.busy = false;
  } catch (e) {
    picker.hide();
    void showError(t('GenAI Gateway: could not list models'), e);
    return undefined;
  }
  const chosen = await new Promise<ModelPickItem | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0]));
    picker.onDidHide(() => resolve(undefined));
  });
  picker.dispose();
  if (!chosen?.model || !chosen.capability) return undefined;
  await settings.setModel(ROLE_OF_CAPABILITY[chosen.capability], chosen.model);
  return chosen.model;
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
