const HTML_SPECIAL = /[&<>"']/g;
const HTML_ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (special) => HTML_ENTITY[special] as string);
}

const SCRIPT_SPECIAL = /[<>&\u2028\u2029]/g;

/**
 * A value as JSON that can sit inside `<script type="application/json">`: a script element's text is not
 * HTML-decoded, so `<`, `>` and `&` are written as JSON's `\u003c`-style escapes, and no `</script>` can end it early.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_SPECIAL, (special) => `\\u${special.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
