import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { basePath, type MountedService } from './request-path.js';

/**
 * A Fastify plugin of the API: `fastify.register(versionedFastify(service), { prefix: '/api' })`. Every path below the
 * prefix is one route of the plugin's; one the API does not serve goes to Fastify's not-found handler.
 */
export function versionedFastify({ requestPath }: MountedService): FastifyPluginCallback {
  return (fastify, _options, done) => {
    const base = basePath(fastify.prefix);
    // The layer reads each body itself, with its own limits; in this plugin's context no parser of Fastify's takes it first.
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    const handler = (request: FastifyRequest, reply: FastifyReply): void => {
      const below = (request.raw.url as string).slice(base.length);
      const target = below.startsWith('/') ? below : `/${below}`;
      const served = requestPath.servedTarget(target);
      if (served === undefined) return reply.callNotFound();
      reply.hijack();
      void requestPath.handle(request.raw, reply.raw, { base, target, served });
    };
    fastify.all('/', handler);
    fastify.all('/*', handler);
    done();
  };
}
