import { Component } from 'preact';
import { FAIL_REASONS, type FailReason } from '../../lib/invitations/fail-reasons';
import { t } from '../../lib/extension/i18n';
import { REASON_TEXT_MAX } from '../../lib/messaging/limits';
import { uniqueId } from './unique-id';

interface Props {
  busy: boolean;
  initialReason?: FailReason;
  onConfirm(reason: FailReason, text: string): void;
  onCancel(): void;
}

interface State {
  reason: FailReason;
  text: string;
}

// A class, not hooks, for the in-page panel's budget (see NoteEditor).
/** Why an invitation could not be sent: a reason code and free text. */
export class FailForm extends Component<Props, State> {
  id = uniqueId('fail');
  override state: State = { reason: this.props.initialReason ?? 'profile_unavailable', text: '' };

  override componentDidMount(): void {
    (this.base as HTMLElement | undefined)?.querySelector('select')?.focus();
  }

  override render({ busy, onConfirm, onCancel }: Props, { reason, text }: State) {
    const id = this.id;
    return (
      <form
        class="fail-form"
        aria-label={t('fail.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason, text);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCancel();
          }
        }}
      >
        <label for={`${id}-reason`}>{t('fail.reason')}</label>
        <select id={`${id}-reason`} value={reason} onChange={(e) => this.setState({ reason: e.currentTarget.value as FailReason })}>
          {FAIL_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`fail.reasons.${r}`)}
            </option>
          ))}
        </select>
        <label for={`${id}-text`}>{t('fail.details')}</label>
        <textarea id={`${id}-text`} rows={2} maxLength={REASON_TEXT_MAX} value={text} onInput={(e) => this.setState({ text: e.currentTarget.value })} />
        <div class="row">
          <button type="submit" class="danger" disabled={busy}>
            {t('fail.confirm')}
          </button>
          <button type="button" onClick={onCancel}>
            {t('fail.cancel')}
          </button>
        </div>
      </form>
    );
  }
}
