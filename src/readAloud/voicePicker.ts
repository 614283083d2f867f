/** "Select Speech Voice": the 67 voices by language and gender, each with a preview and "use for this language". */
import * as vscode from 'vscode';
import type { Voice } from '../gateway/validation/limits';
import type { SpeechSettings } from '../platform/settings';
import { groupVoices, voiceName } from '../speech/voices';
import { t } from '../l10n/localize';

export interface VoiceSettings {
  speech(): SpeechSettings;
  setSpeechVoice(voice: string): Promise<void>;
  setSpeechVoiceForLanguage(language: string, voice: string): Promise<void>;
}

interface VoiceItem extends vscode.QuickPickItem {
  voice: Voice;
}

const PREVIEW_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('play'), tooltip: t('Preview this voice') };

function languageButton(language: string): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon('pin'), tooltip: t('Use this voice for {0} text', language) };
}

/**
 * `listed`: the voices the gateway lists (GET /v1/audio/voices), when it
 * answers; otherwise the spec's table is offered.
 */
export async function pickVoice(settings: VoiceSettings, preview: (voice: Voice) => void, listed?: readonly Voice[]): Promise<void> {
  const current = settings.speech();
  const languageDefaults = new Map(Object.entries(current.voiceByLanguage).map(([language, id]) => [id, language]));
  const items: Array<VoiceItem | vscode.QuickPickItem> = [];
  for (const group of groupVoices(listed && listed.length > 0 ? listed : undefined)) {
    items.push({ label: `${group.language} · ${group.gender}`, kind: vscode.QuickPickItemKind.Separator });
    for (const voice of group.voices) {
      const notes = [
        voice.id === current.voice ? t('default voice') : '',
        languageDefaults.get(voice.id) === voice.language ? t('for {0} text', voice.language) : '',
      ].filter(Boolean);
      items.push({
        voice,
        label: voiceName(voice.id),
        description: [voice.id, ...notes].join(' · '),
        buttons: [PREVIEW_BUTTON, languageButton(voice.language)],
      } satisfies VoiceItem);
    }
  }
  const pick = vscode.window.createQuickPick<VoiceItem | vscode.QuickPickItem>();
  pick.title = listed && listed.length > 0 ? t('Speech voice ({0} voices listed by the gateway)', listed.length) : t('Speech voice');
  pick.placeholder = t('Choose the default voice (▶ previews it; the pin uses it for text in its language)');
  pick.matchOnDescription = true;
  pick.items = items;
  pick.activeItems = items.filter((item): item is VoiceItem => 'voice' in item && item.voice.id === current.voice);
  const done = new Promise<void>((resolve) => {
    pick.onDidTriggerItemButton(async ({ item, button }) => {
      if (!('voice' in item)) return;
      if (button === PREVIEW_BUTTON) preview(item.voice);
      else {
        await settings.setSpeechVoiceForLanguage(item.voice.language, item.voice.id);
        void vscode.window.showInformationMessage(
          t('GenAI Gateway: {0} ({1}) now reads {2} text.', voiceName(item.voice.id), item.voice.id, item.voice.language),
        );
      }
    });
    pick.onDidAccept(async () => {
      const chosen = pick.selectedItems[0];
      if (chosen && 'voice' in chosen) await settings.setSpeechVoice(chosen.voice.id);
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve();
    });
  });
  pick.show();
  await done;
}
