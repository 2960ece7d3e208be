// Plain text into the HTML part of an email: escaped, paragraphs at blank lines, line breaks kept.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The plain text as HTML paragraphs (at blank lines) with line breaks. */
export const textToHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** An email's lines as HTML paragraphs, the line that is `link` as a link (a reset or invitation email). */
export const linesToHtml = (lines: readonly string[], link: string) =>
  lines
    .map((line) =>
      line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
