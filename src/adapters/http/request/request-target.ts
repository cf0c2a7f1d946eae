/** The path and query of a request target; absolute-form targets (RFC 9112 3.2.2) give their path too. */
export interface RequestTarget {
  readonly path: string;
  readonly query: string;
}

const SLASH = 0x2f;
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

export function parseRequestTarget(url: string): RequestTarget {
  const originForm = url.charCodeAt(0) === SLASH ? url : url.replace(ABSOLUTE_FORM, '');
  const question = originForm.indexOf('?');
  return question < 0 ? { path: originForm, query: '' } : { path: originForm.slice(0, question), query: originForm.slice(question + 1) };
}
