import type { OutgoingHttpHeaders } from 'node:http';

/** One request of the soak mix; `bad` marks the tenth that is wrong on purpose. */
export interface SoakRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: OutgoingHttpHeaders;
  readonly bad: boolean;
}

const VERSIONS = ['1.0.0', '2.0.0', '2.1.0', '3.0.0', '4.0.0', '5.0.0'];
const PATHS = [
  '/version/',
  '/version/my_version/',
  '/doggies/',
  '/doggies/?limit=2&offset=1',
  '/doggies/?limit=1000',
  ...[1, 2, 3, 4, 5].map((id) => `/doggies/${id}/`),
  '/cats/',
  '/cats/?offset=2',
  ...[1, 2, 3].map((id) => `/cats/${id}/`),
];

/** Every endpoint at every version (and with no version), GET mostly, some HEAD and OPTIONS. */
const GOOD: readonly Omit<SoakRequest, 'bad'>[] = PATHS.flatMap((path) => [
  ...VERSIONS.map((version) => ({ method: 'GET', path, headers: { accept: `application/json; version=${version}` } })),
  { method: 'GET', path, headers: {} },
  { method: 'HEAD', path, headers: { accept: 'application/json; version=3.0.0' } },
  { method: 'OPTIONS', path, headers: {} },
]);

/** Requests a broken client or a scanner sends: each answered with a 3xx or 4xx. */
const BAD: readonly Omit<SoakRequest, 'bad'>[] = [
  { method: 'GET', path: '/doggies/1/', headers: { accept: 'application/json; version=9.9.9' } },
  { method: 'GET', path: '/doggies/', headers: { accept: 'application/json; version=v1' } },
  { method: 'GET', path: '/cats/', headers: { accept: 'text/html' } },
  { method: 'GET', path: '/doggies/', headers: { accept: 'application/json; version=1.0.0, application/json; version=2.0.0' } },
  { method: 'GET', path: '/doggies/', headers: { accept: `application/json; version=2.0.0${'; x=y'.repeat(500)}` } },
  { method: 'GET', path: '/nope/', headers: {} },
  { method: 'GET', path: '/../../etc/passwd', headers: {} },
  { method: 'GET', path: '/doggies/abc/', headers: {} },
  { method: 'GET', path: '/doggies/999999/', headers: {} },
  { method: 'GET', path: '/doggies/?limit=0', headers: {} },
  { method: 'GET', path: '/doggies/?offset=-1', headers: {} },
  { method: 'GET', path: '/doggies', headers: {} },
  { method: 'POST', path: '/doggies/', headers: {} },
  { method: 'DELETE', path: '/cats/1/', headers: {} },
  { method: 'GET', path: '/doggies/%2e%2e/%00/', headers: {} },
];

/** A request of the mix: nine in ten from GOOD, one in ten from BAD. */
export function pickRequest(random: () => number): SoakRequest {
  const bad = random() < 0.1;
  const from = bad ? BAD : GOOD;
  return { ...(from[Math.floor(random() * from.length)] as Omit<SoakRequest, 'bad'>), bad };
}
