// The types of version-aware-api 5.0.0, from contracts/5.0.0/openapi.computed.json: written by `npm run client-paths`.

export interface paths {
    "/version/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every version, newest first
         * @description Every version, newest first. Served from 1.0.0 on (1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0); at an older version the path answers 404.
         */
        get: operations["getChangelog"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /version/
         * @description The methods `/version/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getChangelogOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/version/my_version/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The version this request is served at
         * @description The version this request is served at. Served from 1.0.0 on (1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0); at an older version the path answers 404.
         */
        get: operations["getMyVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /version/my_version/
         * @description The methods `/version/my_version/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getMyVersionOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doggies/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of dogs
         * @description A page of dogs. Served from 1.0.0 on (1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0); at an older version the path answers 404.
         */
        get: operations["listDogs"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /doggies/
         * @description The methods `/doggies/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["listDogsOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doggies/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One dog
         * @description One dog. Served from 2.0.0 on (2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0); at an older version the path answers 404.
         */
        get: operations["retrieveDog"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /doggies/{id}/
         * @description The methods `/doggies/{id}/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["retrieveDogOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cats/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One cat
         * @description One cat. Served at 3.0.0, 4.0.0, 5.0.0 only: last served at 5.0.0, removed after it. At any other version the path answers 404.
         */
        get: operations["retrieveCat"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /cats/{id}/
         * @description The methods `/cats/{id}/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["retrieveCatOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This version's OpenAPI 3.1 document
         * @description This version's OpenAPI 3.1 document. Served from 1.0.0 on (1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0); at an older version the path answers 404.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /openapi.json
         * @description The methods `/openapi.json` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getOpenApiOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the service and its storage answer
         * @description Whether the service and its storage answer. Outside API versioning: it answers whatever version `Accept` names, and names none.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /health/
         * @description The methods `/health/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getHealthOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling client and its pinned version
         * @description The calling client and its pinned version. Outside API versioning: it answers whatever version `Accept` names, and names none. Only a client may call it, with its API key (`Authorization: Bearer <key>`): it is the client's own.
         */
        get: operations["getClient"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /client/
         * @description The methods `/client/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getClientOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upgrade the pinned version, or roll back within 72 hours
         * @description Upgrade the pinned version, or roll back within 72 hours. Outside API versioning: it answers whatever version `Accept` names, and names none. Only a client may call it, with its API key (`Authorization: Bearer <key>`): it is the client's own.
         */
        put: operations["putClientVersion"];
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /client/version
         * @description The methods `/client/version` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["putClientVersionOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/usage/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling client's requests of the last 30 days, per version, with each version's deprecation and sunset
         * @description The calling client's requests of the last 30 days, per version, with each version's deprecation and sunset. Outside API versioning: it answers whatever version `Accept` names, and names none. Only a client may call it, with its API key (`Authorization: Bearer <key>`): it is the client's own.
         */
        get: operations["getClientUsage"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /client/usage/
         * @description The methods `/client/usage/` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getClientUsageOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an upgrade of the calling client's pin to `to` changes: each change, the operations it reaches, the client's calls of them
         * @description What an upgrade of the calling client's pin to `to` changes: each change, the operations it reaches, the client's calls of them. Outside API versioning: it answers whatever version `Accept` names, and names none. Only a client may call it, with its API key (`Authorization: Bearer <key>`): it is the client's own.
         */
        get: operations["getClientUpgrade"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /client/upgrade
         * @description The methods `/client/upgrade` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getClientUpgradeOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/api-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API catalog (RFC 9727): each supported version's OpenAPI document and docs page, its deprecation and sunset
         * @description The API catalog (RFC 9727): each supported version's OpenAPI document and docs page, its deprecation and sunset. Outside API versioning: it answers whatever version `Accept` names, and names none.
         */
        get: operations["getApiCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * Methods and versions of /.well-known/api-catalog
         * @description The methods `/.well-known/api-catalog` allows (`Allow`) and the versions at which it is served, as ASP.NET API Versioning advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, whatever `Accept` and `Authorization` say.
         */
        options: operations["getApiCatalogOptions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorBody: {
            detail: string;
        };
        Dog: {
            /**
             * @description The record's id: a whole number from 1, unique among records of its kind.
             * @example 1
             */
            id: number;
            /** @description The name: 1 to 50 characters. */
            name: string;
            /**
             * Format: date
             * @description The birthday, an ISO 8601 date (YYYY-MM-DD).
             * @example 2014-05-06
             */
            birthday: string;
        };
        Cat: {
            /**
             * @description The record's id: a whole number from 1, unique among records of its kind.
             * @example 1
             */
            id: number;
            /** @description The name: 1 to 50 characters. */
            name: string;
        };
        Changelog: components["schemas"]["ChangelogEntry"][];
        ChangelogEntry: {
            version: string;
            notes: string[];
            models: string[];
            views: {
                endpoints_introduced: string[];
                endpoints_removed: string[];
                actions_introduced: string[];
                actions_removed: string[];
            };
            /**
             * Format: date
             * @description From this date on (UTC) the version is deprecated; null when it is not.
             * @example 2026-01-01
             */
            deprecated: string | null;
            /**
             * Format: date
             * @description From this date on (UTC) the version is no longer served (410); null when no sunset is set.
             * @example 2027-01-01
             */
            sunset: string | null;
            brownouts: {
                /**
                 * Format: date-time
                 * @example 2026-12-01T15:00:00Z
                 */
                start: string;
                /**
                 * Format: date-time
                 * @example 2026-12-01T16:00:00Z
                 */
                end: string;
            }[];
        };
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
            info: Record<string, never>;
            paths: Record<string, never>;
            components?: Record<string, never>;
        };
        Health: {
            /** @constant */
            status: "ok";
        } | {
            /** @constant */
            status: "unavailable";
            failing: string[];
            detail: string;
        };
        ClientState: {
            /** @description The client's name, as its operator gave it. */
            name: string;
            /** @description The version the client's requests are served at when their `Accept` names none. */
            pinned_version: string;
            /** @description The version the last upgrade left, which `rollback_until` allows going back to; null when there is none. */
            previous_version: string | null;
            /**
             * Format: date-time
             * @description Until when (RFC 3339, UTC) a rollback to `previous_version` is open; null when none is.
             * @example 2026-11-25T10:00:00.000Z
             */
            rollback_until: string | null;
        };
        PinChange: {
            /** @description The version to pin: a newer one the service serves (an upgrade), or `previous_version` while its rollback is open. */
            version: string;
        };
        ClientUsage: {
            /**
             * Format: date
             * @example 2026-10-24
             */
            from: string;
            /**
             * Format: date
             * @example 2026-11-22
             */
            to: string;
            versions: {
                version: string;
                requests: number;
                /**
                 * Format: date
                 * @example 2026-11-21
                 */
                last_request_on: string;
                /**
                 * Format: date
                 * @example 2026-01-01
                 */
                deprecated_on: string | null;
                /**
                 * Format: date
                 * @example 2027-01-01
                 */
                sunset_on: string | null;
                link: string | null;
                routes: {
                    [key: string]: number;
                };
            }[];
        };
        UpgradeReport: {
            /** @description The client's pinned version. */
            from: string;
            /** @description The version asked about. */
            to: string;
            /** @description Every change after `from` up to `to`, oldest version first. */
            changes: {
                version: string;
                /** @description The change's line in the changelog. */
                description: string;
                /** @description The operations it reaches, as `GET /doggies/{id}/`. */
                operations: string[];
                /** @description The client's calls of those operations in the last 30 days. */
                calls: number;
            }[];
        };
        ApiCatalog: {
            linkset: {
                anchor: string;
                "service-desc": {
                    href: string;
                    type?: string;
                    title?: string;
                    version?: string[];
                    date?: string[];
                }[];
                "service-doc": {
                    href: string;
                    type?: string;
                    title?: string;
                    version?: string[];
                    date?: string[];
                }[];
                deprecation?: {
                    href: string;
                    type?: string;
                    title?: string;
                    version?: string[];
                    date?: string[];
                }[];
                sunset?: {
                    href: string;
                    type?: string;
                    title?: string;
                    version?: string[];
                    date?: string[];
                }[];
            }[];
        };
    };
    responses: {
        /** @description A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits, Accept and Api-Version naming different versions, an unknown query parameter (this path accepts no query parameters). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. */
        BadRequest: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A request that cannot be read: a missing or doubled Host, an unknown query parameter (this path accepts no query parameters). */
        "BadRequest.getChangelogOptions": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits, an unknown query parameter (this path accepts no query parameters). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. */
        "BadRequest.getHealth": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A fault of the service; the body says nothing of it. */
        InternalServerError: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description A method other than GET, HEAD, OPTIONS. */
        "MethodNotAllowed.GET-HEAD-OPTIONS": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The path without its trailing slash: moved to the path with it. */
        MovedPermanently: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                Location: components["headers"]["Location"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No body. */
        "NoContent.getHealthOptions": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                "api-supported-versions": components["headers"]["api-supported-versions.unversioned"];
                "api-deprecated-versions": components["headers"]["api-deprecated-versions.unversioned"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The version asked for (in Accept or Api-Version) is malformed or not supported, or Accept allows no JSON. */
        NotAcceptable: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No record has this id (an id is a whole number from 1). */
        NotFound: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Not modified: If-None-Match names the current ETag. No body; the headers are those the 200 would have. */
        NotModified: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description OK. */
        "OK.getClient": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control.getClient"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClientState"];
            };
        };
        /** @description The storage does not answer; retry later. */
        ServiceUnavailable: {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The storage does not answer; retry later. */
        "ServiceUnavailable.putClientVersion": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control.getClient"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description An Authorization that names no API key of this service (another scheme than Bearer, an empty or malformed token, a field over 256 characters), or a key unknown or revoked. */
        "Unauthorized.invalid_token": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_token"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description An Authorization that names no API key of this service (another scheme than Bearer, an empty or malformed token, a field over 256 characters), or a key unknown or revoked. No API key: this operation is a client's own. */
        "Unauthorized.invalid_token.missing_token": {
            headers: {
                Vary: components["headers"]["Vary"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_token.missing_token"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /**
         * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
         * @example 5.0.0
         */
        "Api-Version": "5.0.0";
        /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
        "If-None-Match": string;
        /**
         * @description A record id; anything else finds no record (404).
         * @example 1
         */
        id: number;
    };
    requestBodies: never;
    headers: {
        /** @description CORS: `*` with the default CORS_ORIGINS, on every response; with a list of origins, the request `Origin` when listed, else absent. */
        "Access-Control-Allow-Origin": string;
        /** @description CORS, with Access-Control-Allow-Origin: the headers a script may read, `ETag, Link, X-Total-Count, Deprecation, Sunset, Retry-After, Allow, Location, Vary, X-Content-Type-Options, api-supported-versions, api-deprecated-versions, WWW-Authenticate`. */
        "Access-Control-Expose-Headers": string;
        /** @description Always `GET, HEAD, OPTIONS`. */
        "Allow.GET-HEAD-OPTIONS": string;
        /** @description Always `PUT, OPTIONS`. */
        "Allow.PUT-OPTIONS": string;
        /** @description `no-store` on errors; on a 200 or 304 with an ETag, `no-cache`, or `public, max-age=N` when the service sets one; for a request with an API key, `private` in place of `public`, or before `no-cache`. */
        "Cache-Control": string;
        /** @description Always `no-store`: a client's state is its own, and of the moment. */
        "Cache-Control.getClient": string;
        /** @description Always `no-store`: a client's report is its own, and of the moment. */
        "Cache-Control.getClientUpgrade": string;
        /** @description Always `no-store`: a health answer is never to be reused. */
        "Cache-Control.getHealth": string;
        /** @description RFC 9110 entity tag of this representation: it differs per version and changes with the body or the headers describing it. */
        ETag: string;
        /** @description RFC 8288 `next` and `prev` links by cursor, when there are records on that side. */
        "Link.paging": string;
        /** @description The path with its slash, and the query. */
        Location: string;
        /** @description Seconds to wait: 5. */
        "Retry-After": number;
        /** @description `Accept, Api-Version, Authorization`: the version is chosen by Accept or Api-Version, or by a client's pin; `Accept, Api-Version, Authorization, Origin` when CORS_ORIGINS lists origins. */
        Vary: string;
        /** @description `Bearer realm="version-aware-api", error="invalid_request"` (an Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII). */
        "WWW-Authenticate.invalid_authorization": string;
        /** @description Always `Bearer realm="version-aware-api", error="invalid_token"`. */
        "WWW-Authenticate.invalid_token": string;
        /** @description `Bearer realm="version-aware-api", error="invalid_token"` (an Authorization that names no API key of this service (another scheme than Bearer, an empty or malformed token, a field over 256 characters), or a key unknown or revoked); or `Bearer realm="version-aware-api"` (no API key: this operation is a client's own). */
        "WWW-Authenticate.invalid_token.missing_token": string;
        /** @description Always `nosniff`: a body is never to be read as another media type than its `Content-Type`. */
        "X-Content-Type-Options": string;
        /** @description The number of records in the whole collection. */
        "X-Total-Count": number;
        /** @description Every deprecated version, oldest first, comma-separated (this path answers at any version); absent when there is none. */
        "api-deprecated-versions.unversioned": string;
        /** @description Every supported (not deprecated) version, oldest first, comma-separated (this path answers at any version); absent when there is none. */
        "api-supported-versions.unversioned": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getChangelog: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
                 * @example 5.0.0
                 */
                "Api-Version": components["parameters"]["Api-Version"];
                /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json; version=5.0.0": components["schemas"]["Changelog"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized.invalid_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            406: components["responses"]["NotAcceptable"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getChangelogOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                    /** @description The supported (not deprecated) versions at which `/version/` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-supported-versions"?: string;
                    /** @description The deprecated versions at which `/version/` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-deprecated-versions"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMyVersion: {
        parameters: {
            query?: {
                /** @description The version whose changelog entry to answer, as `Api-Version` names it, so that each version's has a URL of its own (the API catalog's links). `Accept` or `Api-Version` naming another version is a 400; a malformed or unsupported one, the 406. */
                version?: string;
            };
            header: {
                /**
                 * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
                 * @example 5.0.0
                 */
                "Api-Version": components["parameters"]["Api-Version"];
                /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json; version=5.0.0": components["schemas"]["ChangelogEntry"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            304: components["responses"]["NotModified"];
            /** @description A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits, Accept and Api-Version naming different versions, an unknown query parameter (this path accepts only "version" (the version, as Api-Version names it: /version/my_version/?version=X.Y.Z)). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: components["responses"]["Unauthorized.invalid_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            406: components["responses"]["NotAcceptable"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMyVersionOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                    /** @description The supported (not deprecated) versions at which `/version/my_version/` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-supported-versions"?: string;
                    /** @description The deprecated versions at which `/version/my_version/` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-deprecated-versions"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request that cannot be read: a missing or doubled Host, an unknown query parameter (this path accepts only "version" (the version, as Api-Version names it: /version/my_version/?version=X.Y.Z)). */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["InternalServerError"];
        };
    };
    listDogs: {
        parameters: {
            query?: {
                /** @description Records on the page. */
                limit?: number;
                /** @description Records skipped before the page; not with a cursor. */
                offset?: number;
                /** @description The page just after this id (Stripe cursor); not with offset or ending_before. */
                starting_after?: number;
                /** @description The page just before this id (Stripe cursor); not with offset or starting_after. */
                ending_before?: number;
            };
            header: {
                /**
                 * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
                 * @example 5.0.0
                 */
                "Api-Version": components["parameters"]["Api-Version"];
                /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link.paging"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "Biko",
                     *         "birthday": "2014-05-06"
                     *       }
                     *     ]
                     */
                    "application/json; version=5.0.0": components["schemas"]["Dog"][];
                };
            };
            301: components["responses"]["MovedPermanently"];
            /** @description Not modified: If-None-Match names the current ETag. No body; the headers are those the 200 would have. */
            304: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link.paging"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request that cannot be read: a bad or repeated page parameter, `offset` with a cursor, both cursors, a missing or doubled Host, an Accept or query string over its limits, Accept and Api-Version naming different versions, an unknown query parameter (this path accepts only "limit", "offset", "starting_after" and "ending_before"). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: components["responses"]["Unauthorized.invalid_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            406: components["responses"]["NotAcceptable"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDogsOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                    /** @description The supported (not deprecated) versions at which `/doggies/` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-supported-versions"?: string;
                    /** @description The deprecated versions at which `/doggies/` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-deprecated-versions"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request that cannot be read: a missing or doubled Host, an unknown query parameter (this path accepts only "limit", "offset", "starting_after" and "ending_before"). */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["InternalServerError"];
        };
    };
    retrieveDog: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
                 * @example 5.0.0
                 */
                "Api-Version": components["parameters"]["Api-Version"];
                /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path: {
                /**
                 * @description A record id; anything else finds no record (404).
                 * @example 1
                 */
                id: components["parameters"]["id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "Biko",
                     *       "birthday": "2014-05-06"
                     *     }
                     */
                    "application/json; version=5.0.0": components["schemas"]["Dog"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized.invalid_token"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            406: components["responses"]["NotAcceptable"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveDogOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A record id; anything else finds no record (404).
                 * @example 1
                 */
                id: components["parameters"]["id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                    /** @description The supported (not deprecated) versions at which `/doggies/{id}/` is served (of 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-supported-versions"?: string;
                    /** @description The deprecated versions at which `/doggies/{id}/` is served (of 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-deprecated-versions"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    retrieveCat: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
                 * @example 5.0.0
                 */
                "Api-Version": components["parameters"]["Api-Version"];
                /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path: {
                /**
                 * @description A record id; anything else finds no record (404).
                 * @example 1
                 */
                id: components["parameters"]["id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "Tom"
                     *     }
                     */
                    "application/json; version=5.0.0": components["schemas"]["Cat"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized.invalid_token"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            406: components["responses"]["NotAcceptable"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrieveCatOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A record id; anything else finds no record (404).
                 * @example 1
                 */
                id: components["parameters"]["id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                    /** @description The supported (not deprecated) versions at which `/cats/{id}/` is served (of 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-supported-versions"?: string;
                    /** @description The deprecated versions at which `/cats/{id}/` is served (of 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-deprecated-versions"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpenApi: {
        parameters: {
            query?: {
                /** @description The version whose OpenAPI document to answer, as `Api-Version` names it, so that each version's has a URL of its own (the API catalog's links). `Accept` or `Api-Version` naming another version is a 400; a malformed or unsupported one, the 406. */
                version?: string;
            };
            header: {
                /**
                 * @description The version this document describes, 5.0.0: the answer is served at it. Accept's `version` parameter names a version too (and, unlike this header, costs a browser no CORS preflight); both naming different versions is a 400.
                 * @example 5.0.0
                 */
                "Api-Version": components["parameters"]["Api-Version"];
                /** @description Entity tags already held (or `*`): when one is the current ETag, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json; version=5.0.0": components["schemas"]["OpenApiDocument"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            304: components["responses"]["NotModified"];
            /** @description A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits, Accept and Api-Version naming different versions, an unknown query parameter (this path accepts only "version" (the version, as Api-Version names it: /openapi.json?version=X.Y.Z)). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: components["responses"]["Unauthorized.invalid_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            406: components["responses"]["NotAcceptable"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpenApiOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.GET-HEAD-OPTIONS"];
                    /** @description The supported (not deprecated) versions at which `/openapi.json` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-supported-versions"?: string;
                    /** @description The deprecated versions at which `/openapi.json` is served (of 1.0.0, 2.0.0, 2.1.0, 3.0.0, 4.0.0, 5.0.0), oldest first, comma-separated; absent when there is none. */
                    "api-deprecated-versions"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request that cannot be read: a missing or doubled Host, an unknown query parameter (this path accepts only "version" (the version, as Api-Version names it: /openapi.json?version=X.Y.Z)). */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["InternalServerError"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control.getHealth"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            400: components["responses"]["BadRequest.getHealth"];
            401: components["responses"]["Unauthorized.invalid_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            500: components["responses"]["InternalServerError"];
            /** @description The storage does not answer; retry later. */
            503: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control.getHealth"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getHealthOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent.getHealthOptions"];
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OK.getClient"];
            301: components["responses"]["MovedPermanently"];
            400: components["responses"]["BadRequest.getHealth"];
            401: components["responses"]["Unauthorized.invalid_token.missing_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getClientOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent.getHealthOptions"];
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    putClientVersion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 1024 bytes. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": "5.0.0"
                 *     }
                 */
                "application/json": components["schemas"]["PinChange"];
            };
        };
        responses: {
            200: components["responses"]["OK.getClient"];
            /** @description A request that cannot be read: a missing or doubled Host, an unknown query parameter (this path accepts no query parameters). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. The body is not JSON in UTF-8, or not the JSON this operation takes. */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: components["responses"]["Unauthorized.invalid_token.missing_token"];
            /** @description A method other than PUT, OPTIONS. */
            405: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.PUT-OPTIONS"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The version is older than the pin and not the rollback still open (a pin moves forward to any newer version, and back only to the version its last upgrade left, within 72 hours), or the pin changed meanwhile: read `GET /client/` and try again. The storage cannot take a pin change (STORAGE=memory): an operator changes pins. */
            409: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is over 1024 bytes: refused before the rest is read, and the connection is closed after the answer. */
            413: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    /** @description Always `close`. */
                    Connection: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is not declared JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The version asked for is malformed, or not one the service serves. */
            422: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable.putClientVersion"];
        };
    };
    putClientVersionOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body. */
            204: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    Allow: components["headers"]["Allow.PUT-OPTIONS"];
                    "api-supported-versions": components["headers"]["api-supported-versions.unversioned"];
                    "api-deprecated-versions": components["headers"]["api-deprecated-versions.unversioned"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getClientUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control.getClient"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientUsage"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            400: components["responses"]["BadRequest.getHealth"];
            401: components["responses"]["Unauthorized.invalid_token.missing_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable.putClientVersion"];
        };
    };
    getClientUsageOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent.getHealthOptions"];
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getClientUpgrade: {
        parameters: {
            query: {
                /**
                 * @description The version the pin would move to: newer than the pin, and served.
                 * @example 5.0.0
                 */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control.getClientUpgrade"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeReport"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            /** @description A request that cannot be read: a missing or doubled Host, an Accept or query string over its limits, an unknown query parameter (this path accepts only "to"). An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII. */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate.invalid_authorization"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: components["responses"]["Unauthorized.invalid_token.missing_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            /** @description `to` is missing or given twice, malformed, not served, or not newer than the pin. */
            422: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["InternalServerError"];
            /** @description The storage does not answer; retry later. */
            503: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control.getClientUpgrade"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getClientUpgradeOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent.getHealthOptions"];
            /** @description A request that cannot be read: a missing or doubled Host, an unknown query parameter (this path accepts only "to"). */
            400: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["InternalServerError"];
        };
    };
    getApiCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    Vary: components["headers"]["Vary"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    /** @description `</.well-known/api-catalog>; rel="api-catalog"`: the catalog itself (RFC 9727's link relation). */
                    Link: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/linkset+json; profile=\"https://www.rfc-editor.org/info/rfc9727\"": components["schemas"]["ApiCatalog"];
                };
            };
            301: components["responses"]["MovedPermanently"];
            400: components["responses"]["BadRequest.getHealth"];
            401: components["responses"]["Unauthorized.invalid_token"];
            405: components["responses"]["MethodNotAllowed.GET-HEAD-OPTIONS"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getApiCatalogOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent.getHealthOptions"];
            400: components["responses"]["BadRequest.getChangelogOptions"];
            500: components["responses"]["InternalServerError"];
        };
    };
}
