import { useId } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';

interface Props {
  label: string;
  help: string;
  invalidKey: string;
  value: string;
  min: number;
  max: number;
  onInput(value: string): void;
}

/** A whole number between min and max, with its help or its error below. */
export function NumberField({ label, help, invalidKey, value, min, max, onInput }: Props) {
  const id = useId();
  const valid = isWhole(value, min, max);
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-invalid={!valid}
        aria-describedby={`${id}-help`}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <p id={`${id}-help`} class={valid ? 'help' : 'feedback error'}>
        {valid ? help : t(invalidKey)}
      </p>
    </>
  );
}

export function isWhole(value: string, min: number, max: number): boolean {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
}
