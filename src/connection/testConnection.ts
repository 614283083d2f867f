import * as vscode from 'vscode';
import { CAPABILITY_LABELS, ModelCapability } from '../gateway/catalog';
import { errorText, isGatewayError } from '../gateway/errors';
import { showError } from '../platform/notify';
import { ModelCatalog } from './modelCatalog';
import { t } from '../l10n/localize';

export interface ConnectionTestResult {
  ok: boolean;
  latencyMs: number;
  modelCount?: number;
  /** Models per capability; `unknown`: nothing says what they are; `unused`: embedding and other models nothing here uses. */
  byCapability?: Partial<Record<ModelCapability | 'unknown' | 'unused', number>>;
  /** The user-facing message of the failure: server message, advice, request id. */
  error?: string;
  status?: number;
  requestId?: string;
}

/** GET /v1/models with a cancellable progress notification; reports latency and what the gateway offers. */
export async function testConnection(catalog: ModelCatalog, quiet = false, headers?: string): Promise<ConnectionTestResult> {
  const started = Date.now();
  try {
    const models = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('GenAI Gateway: testing the connection…'), cancellable: true },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return catalog.list(abort.signal, true);
      },
    );
    const latencyMs = Date.now() - started;
    const byCapability: NonNullable<ConnectionTestResult['byCapability']> = {};
    for (const model of models) {
      const place = catalog.placeOf(model);
      const key = place.capability ?? (place.kind === 'unused' ? 'unused' : 'unknown');
      byCapability[key] = (byCapability[key] ?? 0) + 1;
    }
    if (!quiet) {
      const labelOf = (key: string): string =>
        key === 'unknown' ? t('kind not recognised') : key === 'unused' ? t('not used here') : CAPABILITY_LABELS[key as ModelCapability];
      const summary = Object.entries(byCapability)
        .map(([key, n]) => `${n} ${labelOf(key)}`)
        .join(', ');
      void vscode.window.showInformationMessage(
        headers
          ? t('GenAI Gateway: connected in {0} ms; {1} models ({2}); headers: {3}.', latencyMs, models.length, summary, headers)
          : t('GenAI Gateway: connected in {0} ms; {1} models ({2}).', latencyMs, models.length, summary),
      );
    }
    return { ok: true, latencyMs, modelCount: models.length, byCapability };
  } catch (e) {
    const latencyMs = Date.now() - started;
    if (!quiet) void showError(t('GenAI Gateway: connection failed'), e);
    return {
      ok: false,
      latencyMs,
      error: errorText(e),
      status: isGatewayError(e) ? e.status : undefined,
      requestId: isGatewayError(e) ? e.requestId : undefined,
    };
  }
}
