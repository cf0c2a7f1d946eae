/** The element the page embeds the selected version's OpenAPI document in, as JSON. */
export const DOCUMENT_ELEMENT_ID = 'openapi-document';
/** The element redoc renders into. */
export const REDOC_ELEMENT_ID = 'redoc';

/**
 * The docs page's own script, served as a file because the CSP allows no inline script: it hands the embedded
 * document to redoc. Search is off: it would need a worker made from a blob: URL (`worker-src blob:`).
 */
export const DOCS_PAGE_SCRIPT = `'use strict';
(function () {
  var source = document.getElementById(${JSON.stringify(DOCUMENT_ELEMENT_ID)});
  var target = document.getElementById(${JSON.stringify(REDOC_ELEMENT_ID)});
  Redoc.init(JSON.parse(source.textContent), { disableSearch: true, expandResponses: '200' }, target);
})();
`;
