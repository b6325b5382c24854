/** Parts of one view (emails to validate, to handle, all): buttons that say which is shown. */
export function SubTabs<K extends string>({ tabs, current, onChange, label }: { tabs: readonly K[]; current: K; onChange(k: K): void; label(k: K): string }) {
  return (
    <div class="sub-tabs">
      {tabs.map((k) => (
        <button key={k} type="button" aria-pressed={k === current} onClick={() => onChange(k)}>
          {label(k)}
        </button>
      ))}
    </div>
  );
}
