/**
 * The @gateway chat participant: /image, /video and /speak run the media
 * commands and answer with what they saved; anything else goes to the model
 * chosen in the chat, with the participant's earlier turns.
 */
import * as vscode from 'vscode';
import { errorText } from '../gateway/errors';
import { TASKS_VIEW_ID } from '../mediaActions/commandIds';
import { inlineCode, shownPath } from './chatText';
import type { MediaActions } from '../mediaActions/mediaActions';
import { t } from '../l10n/localize';

/** package.json's chatParticipants declares it with this id and these commands. */
export const PARTICIPANT_ID = 'genaiGateway.gateway';

const USAGE: Record<string, string> = {
  image: t('Describe the image after `/image`, e.g. `/image a lighthouse at dawn, watercolor`.'),
  video: t('Describe the video after `/video`, e.g. `/video waves rolling onto a beach at sunset`.'),
  speak: t('Write the text to speak after `/speak`.'),
};

export function gatewayChatHandler(actions: MediaActions): vscode.ChatRequestHandler {
  return async (request, context, stream, token) => {
    const prompt = request.prompt.trim();
    const metadata = { command: request.command };
    try {
      if (request.command && USAGE[request.command] && !prompt) stream.markdown(USAGE[request.command]);
      else if (request.command === 'image') await answerImage(actions, prompt, stream, token);
      else if (request.command === 'video') await answerVideoTask(actions, prompt, stream);
      else if (request.command === 'speak') await answerSpeech(actions, prompt, stream);
      else await answerChat(request, context, stream, token);
      return { metadata };
    } catch (error) {
      if (token.isCancellationRequested) return { metadata };
      return { errorDetails: { message: errorText(error) }, metadata };
    }
  };
}

async function answerImage(actions: MediaActions, prompt: string, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<void> {
  stream.progress(t('Generating an image with {0}…', actions.modelFor('image', undefined)));
  const result = await actions.generateImage({ prompt }, token);
  const count = result.files.length;
  stream.markdown(count === 0 ? t('No image was saved.') : count === 1 ? t('Saved the image:') : t('Saved {0} images:', count));
  anchors(stream, result.files);
  for (const failed of result.failed) stream.markdown(new vscode.MarkdownString(`\n\n${t('Image #{0} failed: ', failed.member)}`).appendText(failed.message));
  if (result.cancelled) stream.markdown(`\n\n${t('Cancelled before the rest were downloaded.')}`);
}

async function answerVideoTask(actions: MediaActions, prompt: string, stream: vscode.ChatResponseStream): Promise<void> {
  const model = actions.modelFor('videoTask', undefined);
  stream.progress(t('Creating a video task with {0}…', model));
  const id = await actions.createVideoTask({ prompt });
  stream.markdown(
    t(
      'Created the video task {0} with {1}. It runs on the gateway for a few minutes; its video is saved in the output folder when it succeeds.',
      inlineCode(id),
      inlineCode(model),
    ),
  );
  stream.button({ command: `${TASKS_VIEW_ID}.focus`, title: t('Show Video Tasks') });
}

async function answerSpeech(actions: MediaActions, prompt: string, stream: vscode.ChatResponseStream): Promise<void> {
  stream.progress(t('Saving the speech…'));
  const saved = await actions.saveSpeech({ text: prompt });
  stream.markdown(t('Saved the speech:'));
  anchors(stream, [saved.path]);
}

async function answerChat(
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<void> {
  const messages = [...historyMessages(context.history), vscode.LanguageModelChatMessage.User(request.prompt)];
  const response = await request.model.sendRequest(messages, {}, token);
  for await (const fragment of response.text) stream.markdown(fragment);
}

/** The conversation so far, without the media commands: their answers are links to files, nothing a model can go on from. */
function historyMessages(history: vscode.ChatContext['history']): vscode.LanguageModelChatMessage[] {
  return history.flatMap((turn) => {
    if (turn.command) return [];
    if (turn instanceof vscode.ChatRequestTurn) return [vscode.LanguageModelChatMessage.User(turn.prompt)];
    const answer = turn.response.map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : '')).join('');
    return answer ? [vscode.LanguageModelChatMessage.Assistant(answer)] : [];
  });
}

function anchors(stream: vscode.ChatResponseStream, files: readonly string[]): void {
  for (const file of files) {
    stream.markdown('\n\n');
    stream.anchor(vscode.Uri.file(file), shownPath(file));
  }
}
