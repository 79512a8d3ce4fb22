/**
 * Operators' Markdown to the HTML fans get: rendered by `markdown-it` with raw HTML off (`html: false`: tags an
 * operator types are shown as text) and then passed through `sanitize-html` with an allow-list of tags and
 * attributes, so no script, event handler, style or `javascript:` link can reach a fan's page whatever the
 * Markdown says. Links get `rel="noopener noreferrer nofollow"`; images are not allowed (articles have a header
 * image of their own).
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The article's title is the page's h1: Markdown headings start one level below.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};

/**
 * The safe HTML of `source` (Markdown).
 * @returns HTML holding only allow-listed tags and attributes
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE);
}
