import { describe, expect, it } from 'vitest';
import { plainText, shortWords } from '../../../lib/api/error-body';

const PAGE = `<!DOCTYPE html><html><head><title>403</title><style>.x{display:none}</style>
<script>window.__cf = {"ray":"8f"};</script></head><body><!-- edge -->
<noscript>Enable JavaScript</noscript><h1>Access denied</h1><p>You have been&nbsp;blocked.</p>
<script type="text/javascript">track()</script></body></html>`;

describe('plainText', () => {
  it("keeps a page's readable text and drops its head, styles, scripts and comments with their content", () => {
    expect(plainText(PAGE, 400)).toBe('Access denied You have been blocked.');
  });

  it('drops a style or a tag cut off unclosed where the answer was cut', () => {
    expect(plainText('<p>Gateway timeout</p><style>body { margin', 400)).toBe('Gateway timeout');
    expect(plainText('<h1>Bad gateway</h1><div class="x', 400)).toBe('Bad gateway');
  });

  it('keeps a comparison sign that is not a tag, and cuts long text short', () => {
    expect(plainText('per_page must be < 100', 400)).toBe('per_page must be < 100');
    expect(plainText('word '.repeat(100), 20)).toHaveLength(20);
  });
});

describe('shortWords', () => {
  it('gives a short plain sentence as it is, and nothing for markup, a long text or nothing', () => {
    expect(shortWords(' Quota  exceeded ')).toBe('Quota exceeded');
    expect(shortWords('<h1>Forbidden</h1>')).toBeUndefined();
    expect(shortWords('x'.repeat(161))).toBeUndefined();
    expect(shortWords(undefined)).toBeUndefined();
  });
});
