// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { EditableText, FoldedText } from '../../../components/options/review-text';

afterEach(cleanup);

describe('texts to approve', () => {
  it('folds a text past about eight lines behind Show all, keeping its line breaks', () => {
    const text = Array.from({ length: 12 }, (_, i) => `Ligne ${i + 1}`).join('\n');
    render(<FoldedText text={text} />);
    const shown = document.querySelector('.email-body')!;
    expect(shown.textContent).toBe(text);
    expect(shown.classList.contains('is-folded')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(shown.classList.contains('is-folded')).toBe(false);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('leaves a short text unfolded, with no button', () => {
    render(<FoldedText text={'Bonjour,\n\nUn court message.'} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('.is-folded')).toBeNull();
  });

  it('marks a changed part and keeps its original one click away', () => {
    render(<EditableText label="Texte" original="Avant" value="Après" editing={false} onInput={() => undefined} />);
    expect(screen.getByText('Changed')).toBeTruthy();
    expect(document.querySelector('.original .email-body')?.textContent).toBe('Avant');
    cleanup();
    render(<EditableText label="Texte" original="Avant" value="Avant" editing onInput={() => undefined} />);
    expect(screen.queryByText('Changed')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Texte' }) as HTMLTextAreaElement).value).toBe('Avant');
  });
});
