/** The methods every path answers; any other is a 405 naming them in `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
