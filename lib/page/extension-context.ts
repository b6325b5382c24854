/**
 * Whether this script still belongs to a running extension. After a reload or an update the old
 * content scripts stay in the page without a context: `runtime.id` is gone, or reading it throws.
 */
export function contextAlive(runtime: { id?: string | undefined } | undefined): boolean {
  try {
    return !!runtime?.id;
  } catch {
    return false;
  }
}
