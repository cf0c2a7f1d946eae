/** Which version serves a request that names none: `latest`, `earliest`, or one exact supported version. */
export type DefaultVersionChoice = 'latest' | 'earliest' | (string & {});
