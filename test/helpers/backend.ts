import { vi } from 'vitest';
import type { Backend } from '../../components/backend';
import { ask } from '../../lib/messaging/ask';
import { controllerWithSandbox, POPUP_SENDER } from './controller';

/** A Backend whose messages reach a real controller and in-process sandbox. */
export function sandboxBackend(options: Parameters<typeof controllerWithSandbox>[0] & { grant?: boolean } = {}) {
  const wired = controllerWithSandbox(options);
  const backend: Backend & { requestOrigin: ReturnType<typeof vi.fn>; openOptions: ReturnType<typeof vi.fn> } = {
    ask: (request) => ask((m) => wired.controller.handle(m, POPUP_SENDER), request),
    requestOrigin: vi.fn(async () => options.grant ?? true),
    openOptions: vi.fn(),
  };
  return { ...wired, backend };
}
