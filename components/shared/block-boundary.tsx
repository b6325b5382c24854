import { Component, type ComponentChildren } from 'preact';
import { t } from '../../lib/extension/i18n';

interface Props {
  children: ComponentChildren;
  /** Changes when the block shows something else (another view): a failure of the last one is forgotten. */
  resetKey?: string;
}

/**
 * Around each lazily loaded block (the popup's "This profile", the options page's views): an
 * exception while it renders leaves a plain sentence in its place, never a blank window, and the
 * rest of the page keeps working. The error itself goes to the console for developers.
 */
export class BlockBoundary extends Component<Props, { failed: string | null }> {
  override state = { failed: null as string | null };

  override componentDidCatch(error: unknown): void {
    console.error(error);
    this.setState({ failed: this.props.resetKey ?? '' });
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed !== null && previous.resetKey !== this.props.resetKey) this.setState({ failed: null });
  }

  override render() {
    if (this.state.failed !== null) {
      return (
        <p class="help block-failed" role="alert">
          {t('trust.blockFailed')}
        </p>
      );
    }
    return this.props.children;
  }
}
