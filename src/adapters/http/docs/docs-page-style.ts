/**
 * The picker's stylesheet, inline in the page and allowed by its hash in the CSP. On a phone the picker is one row that
 * scrolls sideways, without the notes and brownouts (the shown version's are in its document), so the reference starts on the first screen.
 */
export const DOCS_PAGE_STYLE = `
body { margin: 0; font-family: system-ui, sans-serif; color: #1f2328; }
.picker { padding: 12px 24px; border-bottom: 1px solid #d0d7de; background: #f6f8fa; }
.picker h1 { margin: 0 0 8px; font-size: 18px; }
.message { margin: 0 0 8px; padding: 8px 12px; border: 1px solid #cf222e; border-radius: 6px; background: #ffebe9; }
.versions { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
.versions > li { max-width: 260px; padding: 6px 10px; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; }
.versions > li.current { border-color: #0969da; box-shadow: 0 0 0 1px #0969da; }
.versions a { font-weight: 600; color: #0969da; }
.notes { margin: 4px 0 0; padding-left: 16px; font-size: 13px; color: #59636e; }
.brownouts { margin: 4px 0 0; font-size: 13px; color: #7d4e00; }
.badge { margin-left: 6px; padding: 0 6px; border-radius: 10px; font-size: 12px; }
.badge.deprecated { background: #fff8c5; color: #7d4e00; border: 1px solid #d4a72c; }
.badge.retired { background: #eaeef2; color: #59636e; border: 1px solid #afb8c1; }
@media (max-width: 600px) {
  .picker { padding: 8px 12px; }
  .picker h1 { margin-bottom: 6px; font-size: 15px; }
  .versions { flex-wrap: nowrap; overflow-x: auto; padding-bottom: 4px; }
  .versions > li { flex: none; padding: 4px 8px; }
  .notes, .brownouts { display: none; }
}
`;
