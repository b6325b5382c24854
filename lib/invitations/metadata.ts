import type { FailReason } from './fail-reasons';

const METADATA_SOURCE = 'invitation-assistant-extension';

export interface MarkContext {
  version: string;
  browser: string;
  now: number;
}

/** The metadata stored with a mark: why, with what, when. */
export function markMetadata(
  ctx: MarkContext,
  mark: { method: 'manual' | 'assisted'; reason?: FailReason | undefined; reasonText?: string | undefined },
): Record<string, unknown> {
  const metadata: Record<string, unknown> = {
    source: METADATA_SOURCE,
    version: ctx.version,
    browser: ctx.browser,
    method: mark.method,
    marked_at: new Date(ctx.now).toISOString(),
  };
  if (mark.reason) metadata.reason = mark.reason;
  if (mark.reasonText?.trim()) metadata.reason_text = mark.reasonText.trim();
  return metadata;
}
