/** A region of a Markdown file that a command writes: from its line `<!-- NAME:start … -->` to its line `<!-- NAME:end -->`. */
export interface MarkedRegion {
  /** The region's name in its markers. */
  readonly name: string;
  /** What the start marker says after its name: where the region's text is declared (a comment, unseen once rendered). */
  readonly note: string;
  /** The Markdown between the markers, set off from them by a blank line each side. */
  readonly content: string;
}

/** `text` matched literally in a RegExp: a region's name may hold any character. */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the region rewritten, its markers included; `file` is named in the error when the markers are not there once each. */
export function rewriteRegion(file: string, text: string, { name, note, content }: MarkedRegion): string {
  const start = `<!-- ${name}:start`;
  const end = `<!-- ${name}:end -->`;
  const starts = text.match(new RegExp(`^${escaped(start)}[ :]`, 'gm'))?.length ?? 0;
  const region = new RegExp(`^${escaped(start)}[ :][^\\n]*\\n[\\s\\S]*?^${escaped(end)}$`, 'm');
  if (starts !== 1 || !region.test(text))
    throw new Error(`${file}: no single region from a line ${start} … --> to a line ${end}: put one where its text goes`);
  return text.replace(region, () => `${start} ${note} -->\n\n${content}\n\n${end}`);
}
