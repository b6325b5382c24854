import { vi, type Mock } from 'vitest';
import type { Backend } from '../../components/shared/backend';
import { ask } from '../../lib/messaging/ask';
import { controllerWithSandbox, POPUP_SENDER } from './controller';

/** A Backend whose messages reach a real controller and in-process sandbox. */
export function sandboxBackend(options: Parameters<typeof controllerWithSandbox>[0] & { grant?: boolean } = {}) {
  const wired = controllerWithSandbox(options);
  const backend: Backend & { requestOrigin: Mock<(pattern: string) => Promise<boolean>>; openOptions: Mock<() => void> } = {
    ask: (request) => ask((m) => wired.controller.handle(m, POPUP_SENDER), request),
    requestOrigin: vi.fn(async () => options.grant ?? true),
    openOptions: vi.fn(),
  };
  return { ...wired, backend };
}
