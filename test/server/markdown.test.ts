/**
 * The operators' Markdown renderer (`server/lib/markdown.ts`): what fans get holds only allow-listed HTML, whatever
 * the Markdown says.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../server/lib/markdown';

describe('renderMarkdown', () => {
  it('renders headings one level below the page title, lists, emphasis and safe links', () => {
    const html = renderMarkdown(
      '# Title\n\nSome *emphasis* and **strength**.\n\n1. one\n2. two\n\n[Rules](https://fia.example/rules) or mail@club.example',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<strong>strength</strong>');
    expect(html).toContain('<ol>\n<li>one</li>');
    expect(html).toContain('<a href="https://fia.example/rules" rel="noopener noreferrer nofollow">Rules</a>');
    expect(html).toContain('<a href="mailto:mail@club.example" rel="noopener noreferrer nofollow">');
  });

  it('shows typed HTML as text and drops images, scripts and dangerous link schemes', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n![pic](https://img.example/a.png)\n\n[js](javascript:alert(1)) [vb](vbscript:msgbox) [data](data:text/html,x) [rel](//evil.example)',
    );
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<(script|img)\b/i);
    expect(html).not.toMatch(/href="(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/href="\/\//);
  });
});
