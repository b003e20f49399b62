/**
 * The Companion API's operations and schemas, generated from its OpenAPI document by
 * clients/typescript/generate.mjs (openapi-typescript). Do not edit: run `npm run generate`.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and readiness probe
         * @description Liveness and readiness probe.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    probe?: "liveness" | "readiness";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "live": true,
                         *       "ready": true,
                         *       "checks": {
                         *         "postgres": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "redis": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "nats": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "temporal": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         }
                         *       },
                         *       "models": {
                         *         "speechSynthesis": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "speechTranscription": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "languageModel": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         }
                         *       },
                         *       "embedded": [
                         *         {
                         *           "server": "server",
                         *           "state": "starting",
                         *           "restarts": 1
                         *         }
                         *       ],
                         *       "turn": {
                         *         "status": "up",
                         *         "latencyMs": 1,
                         *         "error": "error",
                         *         "mode": "embedded",
                         *         "urls": [
                         *           "urls"
                         *         ]
                         *       },
                         *       "media": {
                         *         "status": "up",
                         *         "workers": 1,
                         *         "live": 1,
                         *         "rooms": 1,
                         *         "deaths": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            status: "ok" | "degraded";
                            live: boolean;
                            ready: boolean;
                            checks: {
                                postgres: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                redis: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                nats: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                temporal: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                            };
                            /** @description The model servers this node calls: one that is down degrades the node (status) but does not make it unready */
                            models: {
                                speechSynthesis?: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                speechTranscription?: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                languageModel?: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                            };
                            /** @description Servers this node runs itself (the embedded stack) and its Temporal worker (temporal-worker): a dead one is restarted with a backoff; crash_loop = it keeps dying. Any state but running makes the status degraded */
                            embedded: {
                                server: string;
                                state: "starting" | "running" | "restarting" | "crash_loop" | "stopped";
                                restarts: number;
                            }[];
                            /** @description The TURN server this node's viewers relay through when no direct path reaches the SFU (a STUN Binding answered; none with TURN=off). Down degrades the node (status) but does not make it unready: viewers with a direct path still watch */
                            turn?: {
                                status: "up" | "down";
                                latencyMs: number;
                                error?: string;
                                mode: "embedded" | "external";
                                /** @description The URIs viewers are given (iceServers of the ready message) */
                                urls: string[];
                            };
                            /** @description The mediasoup worker pool (nodes that host sessions) */
                            media?: {
                                status: "up" | "down";
                                /** @description Size of the mediasoup worker pool */
                                workers: number;
                                /** @description Workers running now (a dead one is replaced within seconds) */
                                live: number;
                                /** @description Open rooms of realtime sessions on this node */
                                rooms: number;
                                /** @description Workers that died since this node started */
                                deaths: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "live": true,
                         *       "ready": true,
                         *       "checks": {
                         *         "postgres": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "redis": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "nats": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "temporal": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         }
                         *       },
                         *       "models": {
                         *         "speechSynthesis": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "speechTranscription": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         },
                         *         "languageModel": {
                         *           "status": "up",
                         *           "latencyMs": 1,
                         *           "error": "error"
                         *         }
                         *       },
                         *       "embedded": [
                         *         {
                         *           "server": "server",
                         *           "state": "starting",
                         *           "restarts": 1
                         *         }
                         *       ],
                         *       "turn": {
                         *         "status": "up",
                         *         "latencyMs": 1,
                         *         "error": "error",
                         *         "mode": "embedded",
                         *         "urls": [
                         *           "urls"
                         *         ]
                         *       },
                         *       "media": {
                         *         "status": "up",
                         *         "workers": 1,
                         *         "live": 1,
                         *         "rooms": 1,
                         *         "deaths": 1
                         *       },
                         *       "success": false,
                         *       "error": {
                         *         "message": "message",
                         *         "statusCode": 1,
                         *         "timestamp": "2026-01-01T12:00:00.000Z",
                         *         "code": "code",
                         *         "requestId": "requestId",
                         *         "retryAfterS": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            status: "ok" | "degraded";
                            live: boolean;
                            ready: boolean;
                            checks: {
                                postgres: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                redis: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                nats: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                temporal: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                            };
                            /** @description The model servers this node calls: one that is down degrades the node (status) but does not make it unready */
                            models: {
                                speechSynthesis?: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                speechTranscription?: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                                languageModel?: {
                                    status: "up" | "down";
                                    latencyMs: number;
                                    error?: string;
                                };
                            };
                            /** @description Servers this node runs itself (the embedded stack) and its Temporal worker (temporal-worker): a dead one is restarted with a backoff; crash_loop = it keeps dying. Any state but running makes the status degraded */
                            embedded: {
                                server: string;
                                state: "starting" | "running" | "restarting" | "crash_loop" | "stopped";
                                restarts: number;
                            }[];
                            /** @description The TURN server this node's viewers relay through when no direct path reaches the SFU (a STUN Binding answered; none with TURN=off). Down degrades the node (status) but does not make it unready: viewers with a direct path still watch */
                            turn?: {
                                status: "up" | "down";
                                latencyMs: number;
                                error?: string;
                                mode: "embedded" | "external";
                                /** @description The URIs viewers are given (iceServers of the ready message) */
                                urls: string[];
                            };
                            /** @description The mediasoup worker pool (nodes that host sessions) */
                            media?: {
                                status: "up" | "down";
                                /** @description Size of the mediasoup worker pool */
                                workers: number;
                                /** @description Workers running now (a dead one is replaced within seconds) */
                                live: number;
                                /** @description Open rooms of realtime sessions on this node */
                                rooms: number;
                                /** @description Workers that died since this node started */
                                deaths: number;
                            };
                            /** @enum {boolean} */
                            success: false;
                            error: {
                                message: string;
                                statusCode: number;
                                /** Format: date-time */
                                timestamp: string;
                                /** @description Stable error code, e.g. COMPANION_ERR_AUTH_SCOPE */
                                code: string;
                                requestId?: string;
                                /** @description On 503: seconds to wait before retrying (also in Retry-After) */
                                retryAfterS?: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/view": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The viewer page (HTML): /view#session=ses_…&token=vt_… or st_…; see docs/VIEWERS.md
         * @description The viewer page (HTML): /view#session=ses_…&token=vt_… or st_…; see docs/VIEWERS.md.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The viewer page (HTML): /view#session=ses_…&token=vt_… or st_…; see docs/VIEWERS.md */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example <!doctype html><html lang="en"><meta charset="utf-8">… */
                        "text/html": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/view/viewer.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The viewer page's script (mediasoup-client bundled at build time)
         * @description The viewer page's script (mediasoup-client bundled at build time).
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The viewer page's script (mediasoup-client bundled at build time) */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example "use strict";(()=>{…})(); */
                        "text/javascript": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/view/viewer.js.map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The script's source map
         * @description The script's source map.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The script's source map */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "version": 1,
                         *       "mappings": "mappings"
                         *     }
                         */
                        "application/json": {
                            version: number;
                            mappings: string;
                        };
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API reference (HTML, Swagger UI)
         * @description This API reference (HTML, Swagger UI).
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description This API reference (HTML, Swagger UI) */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example <!doctype html><html lang="en"><meta charset="utf-8">… */
                        "text/html": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/reference.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reference page's settings
         * @description The reference page's settings.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The reference page's settings */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example "use strict";(()=>{…})(); */
                        "text/javascript": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/swagger-ui-bundle.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Swagger UI
         * @description Swagger UI.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Swagger UI */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example "use strict";(()=>{…})(); */
                        "text/javascript": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/swagger-ui.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Swagger UI's style sheet
         * @description Swagger UI's style sheet.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Swagger UI's style sheet */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example string */
                        "text/css": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/swagger-ui.css.map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The style sheet's source map
         * @description The style sheet's source map.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The style sheet's source map */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "version": 1
                         *     }
                         */
                        "application/json": {
                            version?: number;
                        };
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference/favicon.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reference page's icon
         * @description The reference page's icon.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200, 304; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The reference page's icon */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example <binary> */
                        "image/png": string;
                    };
                };
                /** @description Not modified (If-None-Match) */
                304: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redirects to the API reference page (/reference)
         * @description Redirects to the API reference page (/reference).
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 301; errors 400, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Moved permanently to /reference (Location header) */
                301: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redirects to the API reference page (/reference)
         * @description Redirects to the API reference page (/reference).
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 301; errors 400, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Moved permanently to /reference (Location header) */
                301: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service status (public, cached 15 s)
         * @description Service status (public, cached 15 s).
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200; errors 400, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "status": "operational",
                         *         "version": "version",
                         *         "components": {
                         *           "api": "operational",
                         *           "database": "operational",
                         *           "cache": "operational",
                         *           "messaging": "operational",
                         *           "workflows": "operational",
                         *           "speechSynthesis": "operational",
                         *           "speechTranscription": "operational",
                         *           "replies": "operational"
                         *         },
                         *         "generatedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                status: "operational" | "degraded";
                                version: string;
                                components: {
                                    api: "operational" | "down";
                                    database: "operational" | "down";
                                    cache: "operational" | "down";
                                    messaging: "operational" | "down";
                                    workflows: "operational" | "down";
                                    speechSynthesis?: "operational" | "down";
                                    speechTranscription?: "operational" | "down";
                                    replies?: "operational" | "down";
                                };
                                /** Format: date-time */
                                generatedAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API as an OpenAPI 3.1 document
         * @description This API as an OpenAPI 3.1 document.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200; errors 400, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The OpenAPI 3.1 document */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "openapi": "openapi",
                         *       "info": {
                         *         "title": "title",
                         *         "version": "version"
                         *       },
                         *       "paths": {}
                         *     }
                         */
                        "application/json": {
                            openapi: string;
                            info: {
                                title: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            };
                            paths: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List secret keys of this mode
         * @description List secret keys of this mode.
         *
         *     **Credential:** A secret key with the scope `keys:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "api_key",
                         *           "name": "Mira",
                         *           "mode": "live",
                         *           "redacted": "redacted",
                         *           "scopes": [
                         *             "account:read"
                         *           ],
                         *           "dailyQuota": 1,
                         *           "organizationId": "org_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "status": "active",
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "lastUsedAt": "2026-01-01T12:00:00.000Z",
                         *           "revokedAt": "2026-01-01T12:00:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "api_key";
                                name: string;
                                mode: "live" | "test";
                                /** @description Prefix and last four characters, e.g. sk_live_…a1B2 */
                                redacted: string;
                                scopes: ("account:read" | "account:write" | "keys:read" | "keys:write" | "organizations:read" | "organizations:write" | "analytics:read" | "tokens:read" | "tokens:write" | "sessions:read" | "sessions:write" | "sessions:chat" | "sessions:watch" | "characters:read" | "characters:write" | "webhooks:read" | "webhooks:write" | "speech:write" | "voices:read" | "voices:write")[];
                                /** @description Calls per UTC day; null = the plan default */
                                dailyQuota: number | null;
                                organizationId: string | null;
                                status: "active" | "revoked";
                                /** Format: date-time */
                                createdAt: string;
                                lastUsedAt: string | null;
                                revokedAt: string | null;
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a secret key (the secret is shown once)
         * @description Create a secret key (the secret is shown once).
         *
         *     **Credential:** A secret key with the scope `keys:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 404, 409, 413, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Read-only dashboard",
                     *       "scopes": [
                     *         "characters:read",
                     *         "analytics:read"
                     *       ],
                     *       "dailyQuota": 5000
                     *     }
                     */
                    "application/json": {
                        name: string;
                        /** @description Default: every scope of the calling key */
                        scopes?: ("account:read" | "account:write" | "keys:read" | "keys:write" | "organizations:read" | "organizations:write" | "analytics:read" | "tokens:read" | "tokens:write" | "sessions:read" | "sessions:write" | "sessions:chat" | "sessions:watch" | "characters:read" | "characters:write" | "webhooks:read" | "webhooks:write" | "speech:write" | "voices:read" | "voices:write")[];
                        dailyQuota?: number;
                        /**
                         * @description File the key under an organisation: it spends the organisation's shared allowance
                         * @example org_8Hq2LmV0xY4nTb6R0aZc
                         */
                        organizationId?: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "api_key",
                         *         "name": "Mira",
                         *         "mode": "live",
                         *         "redacted": "redacted",
                         *         "scopes": [
                         *           "account:read"
                         *         ],
                         *         "dailyQuota": 1,
                         *         "organizationId": "org_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "status": "active",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "lastUsedAt": "2026-01-01T12:00:00.000Z",
                         *         "revokedAt": "2026-01-01T12:00:00.000Z",
                         *         "secret": "secret"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "api_key";
                                name: string;
                                mode: "live" | "test";
                                /** @description Prefix and last four characters, e.g. sk_live_…a1B2 */
                                redacted: string;
                                scopes: ("account:read" | "account:write" | "keys:read" | "keys:write" | "organizations:read" | "organizations:write" | "analytics:read" | "tokens:read" | "tokens:write" | "sessions:read" | "sessions:write" | "sessions:chat" | "sessions:watch" | "characters:read" | "characters:write" | "webhooks:read" | "webhooks:write" | "speech:write" | "voices:read" | "voices:write")[];
                                /** @description Calls per UTC day; null = the plan default */
                                dailyQuota: number | null;
                                organizationId: string | null;
                                status: "active" | "revoked";
                                /** Format: date-time */
                                createdAt: string;
                                lastUsedAt: string | null;
                                revokedAt: string | null;
                            } & {
                                /** @description Shown only in this response */
                                secret: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch one key
         * @description Fetch one key.
         *
         *     **Credential:** A secret key with the scope `keys:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 414, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description An API key (key_…)
                     * @example key_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "api_key",
                         *         "name": "Mira",
                         *         "mode": "live",
                         *         "redacted": "redacted",
                         *         "scopes": [
                         *           "account:read"
                         *         ],
                         *         "dailyQuota": 1,
                         *         "organizationId": "org_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "status": "active",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "lastUsedAt": "2026-01-01T12:00:00.000Z",
                         *         "revokedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "api_key";
                                name: string;
                                mode: "live" | "test";
                                /** @description Prefix and last four characters, e.g. sk_live_…a1B2 */
                                redacted: string;
                                scopes: ("account:read" | "account:write" | "keys:read" | "keys:write" | "organizations:read" | "organizations:write" | "analytics:read" | "tokens:read" | "tokens:write" | "sessions:read" | "sessions:write" | "sessions:chat" | "sessions:watch" | "characters:read" | "characters:write" | "webhooks:read" | "webhooks:write" | "speech:write" | "voices:read" | "voices:write")[];
                                /** @description Calls per UTC day; null = the plan default */
                                dailyQuota: number | null;
                                organizationId: string | null;
                                status: "active" | "revoked";
                                /** Format: date-time */
                                createdAt: string;
                                lastUsedAt: string | null;
                                revokedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Revoke a key (immediate, idempotent)
         * @description Revoke a key (immediate, idempotent).
         *
         *     **Credential:** A secret key with the scope `keys:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description An API key (key_…)
                     * @example key_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "api_key",
                         *         "name": "Mira",
                         *         "mode": "live",
                         *         "redacted": "redacted",
                         *         "scopes": [
                         *           "account:read"
                         *         ],
                         *         "dailyQuota": 1,
                         *         "organizationId": "org_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "status": "active",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "lastUsedAt": "2026-01-01T12:00:00.000Z",
                         *         "revokedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "api_key";
                                name: string;
                                mode: "live" | "test";
                                /** @description Prefix and last four characters, e.g. sk_live_…a1B2 */
                                redacted: string;
                                scopes: ("account:read" | "account:write" | "keys:read" | "keys:write" | "organizations:read" | "organizations:write" | "analytics:read" | "tokens:read" | "tokens:write" | "sessions:read" | "sessions:write" | "sessions:chat" | "sessions:watch" | "characters:read" | "characters:write" | "webhooks:read" | "webhooks:write" | "speech:write" | "voices:read" | "voices:write")[];
                                /** @description Calls per UTC day; null = the plan default */
                                dailyQuota: number | null;
                                organizationId: string | null;
                                status: "active" | "revoked";
                                /** Format: date-time */
                                createdAt: string;
                                lastUsedAt: string | null;
                                revokedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Profile and settings
         * @description Profile and settings.
         *
         *     **Credential:** A secret key with the scope `account:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "user",
                         *         "email": "email",
                         *         "name": "Mira",
                         *         "plan": "plan",
                         *         "settings": {
                         *           "timezone": "timezone",
                         *           "language": "language",
                         *           "defaultVoiceId": "defaultVoiceId",
                         *           "emailNotifications": true
                         *         },
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                email: string;
                                name: string;
                                plan: string;
                                settings: {
                                    /** @description IANA time zone, e.g. Europe/Paris */
                                    timezone: string;
                                    /** @description BCP 47 language tag */
                                    language: string;
                                    defaultVoiceId: string | null;
                                    emailNotifications: boolean;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change name or settings
         * @description Change name or settings.
         *
         *     **Credential:** A secret key with the scope `account:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Ada",
                     *       "settings": {
                     *         "timezone": "Europe/Paris",
                     *         "language": "en-GB",
                     *         "emailNotifications": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        name?: string;
                        settings?: {
                            /**
                             * Format: time-zone
                             * @description An IANA time zone name the server knows, e.g. Europe/Paris or UTC
                             * @example Europe/Paris
                             */
                            timezone?: string;
                            /** @description BCP 47 language tag */
                            language?: string;
                            defaultVoiceId?: string | null;
                            emailNotifications?: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "user",
                         *         "email": "email",
                         *         "name": "Mira",
                         *         "plan": "plan",
                         *         "settings": {
                         *           "timezone": "timezone",
                         *           "language": "language",
                         *           "defaultVoiceId": "defaultVoiceId",
                         *           "emailNotifications": true
                         *         },
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "user";
                                email: string;
                                name: string;
                                plan: string;
                                settings: {
                                    /** @description IANA time zone, e.g. Europe/Paris */
                                    timezone: string;
                                    /** @description BCP 47 language tag */
                                    language: string;
                                    defaultVoiceId: string | null;
                                    emailNotifications: boolean;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/user/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Erase the account (dryRun=true reports what would be erased and changes nothing)
         * @description Erase the account (dryRun=true reports what would be erased and changes nothing).
         *
         *     **Credential:** A secret key with the scope `account:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 409, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: {
                    dryRun?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "object": "account_erasure",
                         *         "userId": "usr_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "dryRun": true,
                         *         "erased": true,
                         *         "records": {},
                         *         "files": [
                         *           {
                         *             "path": "path",
                         *             "bytes": 1
                         *           }
                         *         ],
                         *         "fileBytes": 1,
                         *         "redisKeys": 1,
                         *         "runningWorkflows": 1,
                         *         "blockers": [
                         *           "blockers"
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                /** @enum {string} */
                                object: "account_erasure";
                                userId: string;
                                dryRun: boolean;
                                erased: boolean;
                                /** @description Rows per resource */
                                records: {
                                    [key: string]: number;
                                };
                                files: {
                                    path: string;
                                    bytes: number;
                                }[];
                                fileBytes: number;
                                redisKeys: number;
                                runningWorkflows: number;
                                blockers: string[];
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's organisations, roles and shared quota
         * @description The caller's organisations, roles and shared quota.
         *
         *     **Credential:** A secret key with the scope `organizations:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "organization",
                         *           "name": "Mira",
                         *           "plan": "plan",
                         *           "role": "owner",
                         *           "members": [
                         *             {
                         *               "userId": "usr_4fT9kQ2mXb7LwZp1Yc3N",
                         *               "email": "email",
                         *               "name": "Mira",
                         *               "role": "owner",
                         *               "joinedAt": "2026-01-01T12:00:00.000Z"
                         *             }
                         *           ],
                         *           "sharedQuota": {
                         *             "monthlyApiCalls": 1,
                         *             "usedThisMonth": 1,
                         *             "remaining": 1
                         *           },
                         *           "createdAt": "2026-01-01T12:00:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "organization";
                                name: string;
                                plan: string;
                                role: "owner" | "admin" | "member";
                                members: {
                                    userId: string;
                                    email: string;
                                    name: string;
                                    role: "owner" | "admin" | "member";
                                    /** Format: date-time */
                                    joinedAt: string;
                                }[];
                                sharedQuota: {
                                    /** @description null = unlimited */
                                    monthlyApiCalls: number | null;
                                    usedThisMonth: number;
                                    remaining: number | null;
                                };
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an organisation (the caller becomes its owner)
         * @description Create an organisation (the caller becomes its owner).
         *
         *     **Credential:** A secret key with the scope `organizations:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 409, 413, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Acme Studio"
                     *     }
                     */
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "organization",
                         *         "name": "Mira",
                         *         "plan": "plan",
                         *         "role": "owner",
                         *         "members": [
                         *           {
                         *             "userId": "usr_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "email": "email",
                         *             "name": "Mira",
                         *             "role": "owner",
                         *             "joinedAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ],
                         *         "sharedQuota": {
                         *           "monthlyApiCalls": 1,
                         *           "usedThisMonth": 1,
                         *           "remaining": 1
                         *         },
                         *         "createdAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "organization";
                                name: string;
                                plan: string;
                                role: "owner" | "admin" | "member";
                                members: {
                                    userId: string;
                                    email: string;
                                    name: string;
                                    role: "owner" | "admin" | "member";
                                    /** Format: date-time */
                                    joinedAt: string;
                                }[];
                                sharedQuota: {
                                    /** @description null = unlimited */
                                    monthlyApiCalls: number | null;
                                    usedThisMonth: number;
                                    remaining: number | null;
                                };
                                /** Format: date-time */
                                createdAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an existing user by email (owners and admins)
         * @description Add an existing user by email (owners and admins).
         *
         *     **Credential:** A secret key with the scope `organizations:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path: {
                    /**
                     * @description An organisation (org_…)
                     * @example org_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "grace@example.com",
                     *       "role": "admin"
                     *     }
                     */
                    "application/json": {
                        /** Format: email */
                        email: string;
                        role?: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "organization",
                         *         "name": "Mira",
                         *         "plan": "plan",
                         *         "role": "owner",
                         *         "members": [
                         *           {
                         *             "userId": "usr_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "email": "email",
                         *             "name": "Mira",
                         *             "role": "owner",
                         *             "joinedAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ],
                         *         "sharedQuota": {
                         *           "monthlyApiCalls": 1,
                         *           "usedThisMonth": 1,
                         *           "remaining": 1
                         *         },
                         *         "createdAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "organization";
                                name: string;
                                plan: string;
                                role: "owner" | "admin" | "member";
                                members: {
                                    userId: string;
                                    email: string;
                                    name: string;
                                    role: "owner" | "admin" | "member";
                                    /** Format: date-time */
                                    joinedAt: string;
                                }[];
                                sharedQuota: {
                                    /** @description null = unlimited */
                                    monthlyApiCalls: number | null;
                                    usedThisMonth: number;
                                    remaining: number | null;
                                };
                                /** Format: date-time */
                                createdAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Change a member's role.
         *
         *     **Credential:** A secret key with the scope `organizations:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 409, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description An organisation (org_…)
                     * @example org_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                    /**
                     * @description A user (usr_…)
                     * @example usr_8Hq2LmV0xY4nTb6R0aZc
                     */
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "role": "member"
                     *     }
                     */
                    "application/json": {
                        role: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "organization",
                         *         "name": "Mira",
                         *         "plan": "plan",
                         *         "role": "owner",
                         *         "members": [
                         *           {
                         *             "userId": "usr_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "email": "email",
                         *             "name": "Mira",
                         *             "role": "owner",
                         *             "joinedAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ],
                         *         "sharedQuota": {
                         *           "monthlyApiCalls": 1,
                         *           "usedThisMonth": 1,
                         *           "remaining": 1
                         *         },
                         *         "createdAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "organization";
                                name: string;
                                plan: string;
                                role: "owner" | "admin" | "member";
                                members: {
                                    userId: string;
                                    email: string;
                                    name: string;
                                    role: "owner" | "admin" | "member";
                                    /** Format: date-time */
                                    joinedAt: string;
                                }[];
                                sharedQuota: {
                                    /** @description null = unlimited */
                                    monthlyApiCalls: number | null;
                                    usedThisMonth: number;
                                    remaining: number | null;
                                };
                                /** Format: date-time */
                                createdAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/billing/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Available plans
         * @description Available plans.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200; errors 400, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "plan",
                         *           "name": "Mira",
                         *           "priceMonthlyUsd": 1,
                         *           "monthlyApiCalls": 1,
                         *           "dailyCallsPerKey": 1,
                         *           "requestsPerMinute": 1
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "plan";
                                name: string;
                                /** @description null = contact sales */
                                priceMonthlyUsd: number | null;
                                /** @description null = unlimited */
                                monthlyApiCalls: number | null;
                                dailyCallsPerKey: number;
                                requestsPerMinute: number;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current subscription and this month’s usage
         * @description Current subscription and this month’s usage.
         *
         *     **Credential:** A secret key with the scope `account:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "object": "subscription",
                         *         "plan": {
                         *           "id": "id",
                         *           "object": "plan",
                         *           "name": "Mira",
                         *           "priceMonthlyUsd": 1,
                         *           "monthlyApiCalls": 1,
                         *           "dailyCallsPerKey": 1,
                         *           "requestsPerMinute": 1
                         *         },
                         *         "status": "active",
                         *         "billedTo": {
                         *           "type": "user",
                         *           "id": "id"
                         *         },
                         *         "mode": "live",
                         *         "currentPeriod": {
                         *           "start": "2026-01-01T12:00:00.000Z",
                         *           "end": "2026-01-01T12:00:00.000Z"
                         *         },
                         *         "usage": {
                         *           "apiCalls": 1,
                         *           "allowance": 1,
                         *           "remaining": 1
                         *         },
                         *         "paymentMethod": null
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                /** @enum {string} */
                                object: "subscription";
                                plan: {
                                    id: string;
                                    /** @enum {string} */
                                    object: "plan";
                                    name: string;
                                    /** @description null = contact sales */
                                    priceMonthlyUsd: number | null;
                                    /** @description null = unlimited */
                                    monthlyApiCalls: number | null;
                                    dailyCallsPerKey: number;
                                    requestsPerMinute: number;
                                };
                                /** @enum {string} */
                                status: "active";
                                billedTo: {
                                    type: "user" | "organization";
                                    id: string;
                                };
                                mode: "live" | "test";
                                currentPeriod: {
                                    /** Format: date-time */
                                    start: string;
                                    /** Format: date-time */
                                    end: string;
                                };
                                usage: {
                                    apiCalls: number;
                                    allowance: number | null;
                                    remaining: number | null;
                                };
                                /** @description Payment methods are not connected yet */
                                paymentMethod: null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a payment method (not connected yet: 501)
         * @description Add a payment method (not connected yet: 501).
         *
         *     **Credential:** A secret key with the scope `account:write`.
         *
         *     **Answers:** no success status; errors 400, 401, 403, 413, 415, 429, 431, 501, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Implemented: the error envelope (its codes under Examples) */
                501: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage by key and endpoint
         * @description `from` must be before `to`, and the range at most 93 days; otherwise 400.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Inclusive; before `to` and at most 93 days before it. Default: 30 days before `to` */
                    from?: string;
                    /** @description Exclusive. Default: now */
                    to?: string;
                    groupBy?: "key" | "endpoint" | "key_endpoint";
                    /** @description Restrict to one key (key_…) */
                    keyId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "object": "analytics",
                         *         "from": "2026-01-01T12:00:00.000Z",
                         *         "to": "2026-01-01T12:00:00.000Z",
                         *         "groupBy": "groupBy",
                         *         "mode": "mode",
                         *         "totals": {
                         *           "calls": 1,
                         *           "errors": 1
                         *         },
                         *         "groups": [
                         *           {
                         *             "keyId": "key_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "method": "method",
                         *             "route": "route",
                         *             "calls": 1,
                         *             "errors": 1,
                         *             "avgLatencyMs": 1,
                         *             "p95LatencyMs": 1
                         *           }
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                /** @enum {string} */
                                object: "analytics";
                                /** Format: date-time */
                                from: string;
                                /** Format: date-time */
                                to: string;
                                groupBy: string;
                                mode: string;
                                totals: {
                                    calls: number;
                                    errors: number;
                                };
                                groups: {
                                    keyId: string | null;
                                    method: string | null;
                                    /** @description Route template, e.g. /api/v1/admin/keys/:id */
                                    route: string | null;
                                    calls: number;
                                    /** @description Calls answered with status ≥ 400 */
                                    errors: number;
                                    avgLatencyMs: number;
                                    p95LatencyMs: number;
                                }[];
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/characters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List characters
         * @description List characters.
         *
         *     **Credential:** A secret key with the scope `characters:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "character",
                         *           "name": "Mira",
                         *           "appearance": {
                         *             "style": "realistic",
                         *             "faceShape": "oval",
                         *             "skinColor": "#6b3a1e",
                         *             "eyeColor": "#6b3a1e",
                         *             "hairStyle": "short",
                         *             "hairColor": "#6b3a1e",
                         *             "backgroundColor": "#6b3a1e",
                         *             "imageUrl": "https://example.com/hooks/companion"
                         *           },
                         *           "personality": {
                         *             "description": "description",
                         *             "traits": [
                         *               "traits"
                         *             ],
                         *             "systemPrompt": "systemPrompt",
                         *             "greeting": "greeting"
                         *           },
                         *           "voiceId": "voiceId",
                         *           "language": "language",
                         *           "languageFixed": true,
                         *           "livemode": true,
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "updatedAt": "2026-01-01T12:00:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "character";
                                name: string;
                                appearance: {
                                    /** @enum {string} */
                                    style: "realistic" | "cartoon" | "anime" | "pixel";
                                    /** @enum {string} */
                                    faceShape: "oval" | "round" | "square" | "heart";
                                    /** @description Hex colour, #rrggbb */
                                    skinColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    eyeColor: string;
                                    /** @enum {string} */
                                    hairStyle: "short" | "long" | "curly" | "ponytail" | "bun" | "bald";
                                    /** @description Hex colour, #rrggbb */
                                    hairColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    backgroundColor: string;
                                    /** @description Optional https reference picture */
                                    imageUrl: string | null;
                                };
                                personality: {
                                    description: string;
                                    traits: string[];
                                    /** @description Instructions for the reply engine */
                                    systemPrompt: string;
                                    /** @description First line the companion says in a session */
                                    greeting: string;
                                };
                                voiceId: string;
                                /** @description BCP-47 tag of the language the character speaks, e.g. "en", "es", "pt-BR" */
                                language: string;
                                /** @description true: every reply is in `language`; false: each reply follows the language the user speaks */
                                languageFixed: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a character
         * @description Create a character.
         *
         *     **Credential:** A secret key with the scope `characters:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 409, 413, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        appearance?: {
                            /** @enum {string} */
                            style?: "realistic" | "cartoon" | "anime" | "pixel";
                            /** @enum {string} */
                            faceShape?: "oval" | "round" | "square" | "heart";
                            /** @description Hex colour, #rrggbb */
                            skinColor?: string;
                            /** @description Hex colour, #rrggbb */
                            eyeColor?: string;
                            /** @enum {string} */
                            hairStyle?: "short" | "long" | "curly" | "ponytail" | "bun" | "bald";
                            /** @description Hex colour, #rrggbb */
                            hairColor?: string;
                            /** @description Hex colour, #rrggbb */
                            backgroundColor?: string;
                            /** @description Optional https reference picture */
                            imageUrl?: string | null;
                        };
                        personality?: {
                            description?: string;
                            traits?: string[];
                            /** @description Instructions for the reply engine */
                            systemPrompt?: string;
                            /** @description First line the companion says in a session */
                            greeting?: string;
                        };
                        /**
                         * @description A built-in voice (en-US-slt, en-US-clb, en-US-bdl, en-GB-alan, en-GB-emma, en-US-joe, en-US-alloy, en-US-aoede, en-US-jessica, en-US-kore, en-US-nicole, en-US-nova, en-US-river, en-US-sarah, en-US-sky, en-US-adam, en-US-echo, en-US-eric, en-US-fenrir, en-US-liam, en-US-onyx, en-US-puck, en-US-santa, en-GB-alice, en-GB-isabella, en-GB-lily, en-GB-daniel, en-GB-fable, en-GB-lewis, es-ES-dora, es-ES-alex, es-ES-santa, fr-FR-siwis, it-IT-sara, it-IT-nicola, pt-BR-dora, pt-BR-alex, pt-BR-santa, hi-IN-alpha, hi-IN-beta, hi-IN-omega, hi-IN-psi, zh-CN-xiaobei, zh-CN-xiaoni, zh-CN-xiaoxiao, zh-CN-xiaoyi, zh-CN-yunjian, zh-CN-yunxi, zh-CN-yunxia, zh-CN-yunyang) or an active cloned voice (vce_…)
                         * @example en-US-joe
                         */
                        voiceId?: string;
                        /** @description BCP-47 tag of the language the character speaks and its persona is written in ("es", "fr", "pt-BR"); default "en" */
                        language?: string;
                        /** @description true: every reply is in `language`, whatever the user speaks; false (default): each reply follows the language of the user's turn */
                        languageFixed?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "character",
                         *         "name": "Mira",
                         *         "appearance": {
                         *           "style": "realistic",
                         *           "faceShape": "oval",
                         *           "skinColor": "#6b3a1e",
                         *           "eyeColor": "#6b3a1e",
                         *           "hairStyle": "short",
                         *           "hairColor": "#6b3a1e",
                         *           "backgroundColor": "#6b3a1e",
                         *           "imageUrl": "https://example.com/hooks/companion"
                         *         },
                         *         "personality": {
                         *           "description": "description",
                         *           "traits": [
                         *             "traits"
                         *           ],
                         *           "systemPrompt": "systemPrompt",
                         *           "greeting": "greeting"
                         *         },
                         *         "voiceId": "voiceId",
                         *         "language": "language",
                         *         "languageFixed": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "character";
                                name: string;
                                appearance: {
                                    /** @enum {string} */
                                    style: "realistic" | "cartoon" | "anime" | "pixel";
                                    /** @enum {string} */
                                    faceShape: "oval" | "round" | "square" | "heart";
                                    /** @description Hex colour, #rrggbb */
                                    skinColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    eyeColor: string;
                                    /** @enum {string} */
                                    hairStyle: "short" | "long" | "curly" | "ponytail" | "bun" | "bald";
                                    /** @description Hex colour, #rrggbb */
                                    hairColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    backgroundColor: string;
                                    /** @description Optional https reference picture */
                                    imageUrl: string | null;
                                };
                                personality: {
                                    description: string;
                                    traits: string[];
                                    /** @description Instructions for the reply engine */
                                    systemPrompt: string;
                                    /** @description First line the companion says in a session */
                                    greeting: string;
                                };
                                voiceId: string;
                                /** @description BCP-47 tag of the language the character speaks, e.g. "en", "es", "pt-BR" */
                                language: string;
                                /** @description true: every reply is in `language`; false: each reply follows the language the user speaks */
                                languageFixed: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/characters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch one character
         * @description Fetch one character.
         *
         *     **Credential:** A secret key with the scope `characters:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 414, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A character (chr_…)
                     * @example chr_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "character",
                         *         "name": "Mira",
                         *         "appearance": {
                         *           "style": "realistic",
                         *           "faceShape": "oval",
                         *           "skinColor": "#6b3a1e",
                         *           "eyeColor": "#6b3a1e",
                         *           "hairStyle": "short",
                         *           "hairColor": "#6b3a1e",
                         *           "backgroundColor": "#6b3a1e",
                         *           "imageUrl": "https://example.com/hooks/companion"
                         *         },
                         *         "personality": {
                         *           "description": "description",
                         *           "traits": [
                         *             "traits"
                         *           ],
                         *           "systemPrompt": "systemPrompt",
                         *           "greeting": "greeting"
                         *         },
                         *         "voiceId": "voiceId",
                         *         "language": "language",
                         *         "languageFixed": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "character";
                                name: string;
                                appearance: {
                                    /** @enum {string} */
                                    style: "realistic" | "cartoon" | "anime" | "pixel";
                                    /** @enum {string} */
                                    faceShape: "oval" | "round" | "square" | "heart";
                                    /** @description Hex colour, #rrggbb */
                                    skinColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    eyeColor: string;
                                    /** @enum {string} */
                                    hairStyle: "short" | "long" | "curly" | "ponytail" | "bun" | "bald";
                                    /** @description Hex colour, #rrggbb */
                                    hairColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    backgroundColor: string;
                                    /** @description Optional https reference picture */
                                    imageUrl: string | null;
                                };
                                personality: {
                                    description: string;
                                    traits: string[];
                                    /** @description Instructions for the reply engine */
                                    systemPrompt: string;
                                    /** @description First line the companion says in a session */
                                    greeting: string;
                                };
                                voiceId: string;
                                /** @description BCP-47 tag of the language the character speaks, e.g. "en", "es", "pt-BR" */
                                language: string;
                                /** @description true: every reply is in `language`; false: each reply follows the language the user speaks */
                                languageFixed: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a character
         * @description Delete a character.
         *
         *     **Credential:** A secret key with the scope `characters:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A character (chr_…)
                     * @example chr_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "character",
                         *         "deleted": true
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "character";
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update name, appearance, personality, voice or language (partial; nested objects merge)
         * @description Update name, appearance, personality, voice or language (partial; nested objects merge).
         *
         *     **Credential:** A secret key with the scope `characters:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A character (chr_…)
                     * @example chr_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "personality": {
                     *         "greeting": "Good evening, traveller."
                     *       }
                     *     }
                     */
                    "application/json": {
                        name?: string;
                        appearance?: {
                            /** @enum {string} */
                            style?: "realistic" | "cartoon" | "anime" | "pixel";
                            /** @enum {string} */
                            faceShape?: "oval" | "round" | "square" | "heart";
                            /** @description Hex colour, #rrggbb */
                            skinColor?: string;
                            /** @description Hex colour, #rrggbb */
                            eyeColor?: string;
                            /** @enum {string} */
                            hairStyle?: "short" | "long" | "curly" | "ponytail" | "bun" | "bald";
                            /** @description Hex colour, #rrggbb */
                            hairColor?: string;
                            /** @description Hex colour, #rrggbb */
                            backgroundColor?: string;
                            /** @description Optional https reference picture */
                            imageUrl?: string | null;
                        };
                        personality?: {
                            description?: string;
                            traits?: string[];
                            /** @description Instructions for the reply engine */
                            systemPrompt?: string;
                            /** @description First line the companion says in a session */
                            greeting?: string;
                        };
                        /**
                         * @description A built-in voice (en-US-slt, en-US-clb, en-US-bdl, en-GB-alan, en-GB-emma, en-US-joe, en-US-alloy, en-US-aoede, en-US-jessica, en-US-kore, en-US-nicole, en-US-nova, en-US-river, en-US-sarah, en-US-sky, en-US-adam, en-US-echo, en-US-eric, en-US-fenrir, en-US-liam, en-US-onyx, en-US-puck, en-US-santa, en-GB-alice, en-GB-isabella, en-GB-lily, en-GB-daniel, en-GB-fable, en-GB-lewis, es-ES-dora, es-ES-alex, es-ES-santa, fr-FR-siwis, it-IT-sara, it-IT-nicola, pt-BR-dora, pt-BR-alex, pt-BR-santa, hi-IN-alpha, hi-IN-beta, hi-IN-omega, hi-IN-psi, zh-CN-xiaobei, zh-CN-xiaoni, zh-CN-xiaoxiao, zh-CN-xiaoyi, zh-CN-yunjian, zh-CN-yunxi, zh-CN-yunxia, zh-CN-yunyang) or an active cloned voice (vce_…)
                         * @example en-US-joe
                         */
                        voiceId?: string;
                        /** @description BCP-47 tag of the language the character speaks and its persona is written in ("es", "fr", "pt-BR"); default "en" */
                        language?: string;
                        /** @description true: every reply is in `language`, whatever the user speaks; false (default): each reply follows the language of the user's turn */
                        languageFixed?: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "character",
                         *         "name": "Mira",
                         *         "appearance": {
                         *           "style": "realistic",
                         *           "faceShape": "oval",
                         *           "skinColor": "#6b3a1e",
                         *           "eyeColor": "#6b3a1e",
                         *           "hairStyle": "short",
                         *           "hairColor": "#6b3a1e",
                         *           "backgroundColor": "#6b3a1e",
                         *           "imageUrl": "https://example.com/hooks/companion"
                         *         },
                         *         "personality": {
                         *           "description": "description",
                         *           "traits": [
                         *             "traits"
                         *           ],
                         *           "systemPrompt": "systemPrompt",
                         *           "greeting": "greeting"
                         *         },
                         *         "voiceId": "voiceId",
                         *         "language": "language",
                         *         "languageFixed": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "character";
                                name: string;
                                appearance: {
                                    /** @enum {string} */
                                    style: "realistic" | "cartoon" | "anime" | "pixel";
                                    /** @enum {string} */
                                    faceShape: "oval" | "round" | "square" | "heart";
                                    /** @description Hex colour, #rrggbb */
                                    skinColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    eyeColor: string;
                                    /** @enum {string} */
                                    hairStyle: "short" | "long" | "curly" | "ponytail" | "bun" | "bald";
                                    /** @description Hex colour, #rrggbb */
                                    hairColor: string;
                                    /** @description Hex colour, #rrggbb */
                                    backgroundColor: string;
                                    /** @description Optional https reference picture */
                                    imageUrl: string | null;
                                };
                                personality: {
                                    description: string;
                                    traits: string[];
                                    /** @description Instructions for the reply engine */
                                    systemPrompt: string;
                                    /** @description First line the companion says in a session */
                                    greeting: string;
                                };
                                voiceId: string;
                                /** @description BCP-47 tag of the language the character speaks, e.g. "en", "es", "pt-BR" */
                                language: string;
                                /** @description true: every reply is in `language`; false: each reply follows the language the user speaks */
                                languageFixed: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List endpoints with their recent deliveries
         * @description List endpoints with their recent deliveries.
         *
         *     **Credential:** A secret key with the scope `webhooks:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "webhook_endpoint",
                         *           "url": "url",
                         *           "description": "description",
                         *           "events": [
                         *             "session.started"
                         *           ],
                         *           "enabled": true,
                         *           "livemode": true,
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "updatedAt": "2026-01-01T12:00:00.000Z",
                         *           "secretRotatedAt": "2026-01-01T12:00:00.000Z",
                         *           "recentDeliveries": [
                         *             {
                         *               "id": "id",
                         *               "eventId": "evt_4fT9kQ2mXb7LwZp1Yc3N",
                         *               "eventType": "eventType",
                         *               "status": "pending",
                         *               "attempts": [
                         *                 {
                         *                   "attempt": 1,
                         *                   "at": "2026-01-01T12:00:00.000Z",
                         *                   "statusCode": 1,
                         *                   "latencyMs": 1,
                         *                   "error": "error",
                         *                   "succeeded": true
                         *                 }
                         *               ],
                         *               "workflowId": "workflowId",
                         *               "createdAt": "2026-01-01T12:00:00.000Z",
                         *               "nextAttemptAt": "2026-01-01T12:00:00.000Z"
                         *             }
                         *           ]
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                description: string;
                                events: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                                enabled: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                secretRotatedAt: string | null;
                                /** @description Newest first */
                                recentDeliveries: {
                                    id: string;
                                    eventId: string;
                                    eventType: string;
                                    status: "pending" | "retrying" | "succeeded" | "failed";
                                    attempts: {
                                        attempt: number;
                                        /** Format: date-time */
                                        at: string;
                                        statusCode: number | null;
                                        latencyMs: number;
                                        error: string | null;
                                        succeeded: boolean;
                                    }[];
                                    /** @description Temporal workflow id, for operators */
                                    workflowId: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    nextAttemptAt: string | null;
                                }[];
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Register an endpoint (the signing secret is shown once)
         * @description Register an endpoint (the signing secret is shown once).
         *
         *     **Credential:** A secret key with the scope `webhooks:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 409, 413, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://hooks.example.com/companion",
                     *       "events": [
                     *         "character.created",
                     *         "session.ended"
                     *       ],
                     *       "description": "Production receiver"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uri
                         * @description Absolute http(s) URL without credentials; a host on a loopback, private or reserved address is refused (COMPANION_ERR_WEBHOOK_URL) unless the operator allows it
                         */
                        url: string;
                        events: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                        description?: string;
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "webhook_endpoint",
                         *         "url": "url",
                         *         "description": "description",
                         *         "events": [
                         *           "session.started"
                         *         ],
                         *         "enabled": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z",
                         *         "secretRotatedAt": "2026-01-01T12:00:00.000Z",
                         *         "recentDeliveries": [
                         *           {
                         *             "id": "id",
                         *             "eventId": "evt_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "eventType": "eventType",
                         *             "status": "pending",
                         *             "attempts": [
                         *               {
                         *                 "attempt": 1,
                         *                 "at": "2026-01-01T12:00:00.000Z",
                         *                 "statusCode": 1,
                         *                 "latencyMs": 1,
                         *                 "error": "error",
                         *                 "succeeded": true
                         *               }
                         *             ],
                         *             "workflowId": "workflowId",
                         *             "createdAt": "2026-01-01T12:00:00.000Z",
                         *             "nextAttemptAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ],
                         *         "secret": "secret"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                description: string;
                                events: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                                enabled: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                secretRotatedAt: string | null;
                                /** @description Newest first */
                                recentDeliveries: {
                                    id: string;
                                    eventId: string;
                                    eventType: string;
                                    status: "pending" | "retrying" | "succeeded" | "failed";
                                    attempts: {
                                        attempt: number;
                                        /** Format: date-time */
                                        at: string;
                                        statusCode: number | null;
                                        latencyMs: number;
                                        error: string | null;
                                        succeeded: boolean;
                                    }[];
                                    /** @description Temporal workflow id, for operators */
                                    workflowId: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    nextAttemptAt: string | null;
                                }[];
                            } & {
                                /** @description Signing secret, shown only in this response */
                                secret: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch an endpoint with its recent deliveries and attempts
         * @description Fetch an endpoint with its recent deliveries and attempts.
         *
         *     **Credential:** A secret key with the scope `webhooks:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 414, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A webhook endpoint (whk_…)
                     * @example whk_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "webhook_endpoint",
                         *         "url": "url",
                         *         "description": "description",
                         *         "events": [
                         *           "session.started"
                         *         ],
                         *         "enabled": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z",
                         *         "secretRotatedAt": "2026-01-01T12:00:00.000Z",
                         *         "recentDeliveries": [
                         *           {
                         *             "id": "id",
                         *             "eventId": "evt_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "eventType": "eventType",
                         *             "status": "pending",
                         *             "attempts": [
                         *               {
                         *                 "attempt": 1,
                         *                 "at": "2026-01-01T12:00:00.000Z",
                         *                 "statusCode": 1,
                         *                 "latencyMs": 1,
                         *                 "error": "error",
                         *                 "succeeded": true
                         *               }
                         *             ],
                         *             "workflowId": "workflowId",
                         *             "createdAt": "2026-01-01T12:00:00.000Z",
                         *             "nextAttemptAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                description: string;
                                events: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                                enabled: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                secretRotatedAt: string | null;
                                /** @description Newest first */
                                recentDeliveries: {
                                    id: string;
                                    eventId: string;
                                    eventType: string;
                                    status: "pending" | "retrying" | "succeeded" | "failed";
                                    attempts: {
                                        attempt: number;
                                        /** Format: date-time */
                                        at: string;
                                        statusCode: number | null;
                                        latencyMs: number;
                                        error: string | null;
                                        succeeded: boolean;
                                    }[];
                                    /** @description Temporal workflow id, for operators */
                                    workflowId: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    nextAttemptAt: string | null;
                                }[];
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete an endpoint (its pending deliveries stop)
         * @description Delete an endpoint (its pending deliveries stop).
         *
         *     **Credential:** A secret key with the scope `webhooks:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A webhook endpoint (whk_…)
                     * @example whk_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "webhook_endpoint",
                         *         "deleted": true
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change URL, events, description or enabled
         * @description Change URL, events, description or enabled.
         *
         *     **Credential:** A secret key with the scope `webhooks:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A webhook endpoint (whk_…)
                     * @example whk_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         "session.started",
                     *         "session.ended"
                     *       ],
                     *       "enabled": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uri
                         * @description Absolute http(s) URL without credentials; a host on a loopback, private or reserved address is refused (COMPANION_ERR_WEBHOOK_URL) unless the operator allows it
                         */
                        url?: string;
                        events?: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                        description?: string;
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "webhook_endpoint",
                         *         "url": "url",
                         *         "description": "description",
                         *         "events": [
                         *           "session.started"
                         *         ],
                         *         "enabled": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z",
                         *         "secretRotatedAt": "2026-01-01T12:00:00.000Z",
                         *         "recentDeliveries": [
                         *           {
                         *             "id": "id",
                         *             "eventId": "evt_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "eventType": "eventType",
                         *             "status": "pending",
                         *             "attempts": [
                         *               {
                         *                 "attempt": 1,
                         *                 "at": "2026-01-01T12:00:00.000Z",
                         *                 "statusCode": 1,
                         *                 "latencyMs": 1,
                         *                 "error": "error",
                         *                 "succeeded": true
                         *               }
                         *             ],
                         *             "workflowId": "workflowId",
                         *             "createdAt": "2026-01-01T12:00:00.000Z",
                         *             "nextAttemptAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                description: string;
                                events: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                                enabled: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                secretRotatedAt: string | null;
                                /** @description Newest first */
                                recentDeliveries: {
                                    id: string;
                                    eventId: string;
                                    eventType: string;
                                    status: "pending" | "retrying" | "succeeded" | "failed";
                                    attempts: {
                                        attempt: number;
                                        /** Format: date-time */
                                        at: string;
                                        statusCode: number | null;
                                        latencyMs: number;
                                        error: string | null;
                                        succeeded: boolean;
                                    }[];
                                    /** @description Temporal workflow id, for operators */
                                    workflowId: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    nextAttemptAt: string | null;
                                }[];
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery (body marked "test": true) to this endpoint
         * @description Send a test delivery (body marked "test": true) to this endpoint.
         *
         *     **Credential:** A secret key with the scope `webhooks:write`.
         *
         *     **Answers:** 202; errors 400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path: {
                    /**
                     * @description A webhook endpoint (whk_…)
                     * @example whk_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Default: the endpoint's first event */
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "type": "character.created"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        type?: "session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created";
                    };
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "eventId": "evt_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "eventType": "eventType",
                         *         "status": "pending",
                         *         "attempts": [
                         *           {
                         *             "attempt": 1,
                         *             "at": "2026-01-01T12:00:00.000Z",
                         *             "statusCode": 1,
                         *             "latencyMs": 1,
                         *             "error": "error",
                         *             "succeeded": true
                         *           }
                         *         ],
                         *         "workflowId": "workflowId",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "nextAttemptAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                eventId: string;
                                eventType: string;
                                status: "pending" | "retrying" | "succeeded" | "failed";
                                attempts: {
                                    attempt: number;
                                    /** Format: date-time */
                                    at: string;
                                    statusCode: number | null;
                                    latencyMs: number;
                                    error: string | null;
                                    succeeded: boolean;
                                }[];
                                /** @description Temporal workflow id, for operators */
                                workflowId: string;
                                /** Format: date-time */
                                createdAt: string;
                                nextAttemptAt: string | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret (the new one is shown once)
         * @description Replace the signing secret (the new one is shown once).
         *
         *     **Credential:** A secret key with the scope `webhooks:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A webhook endpoint (whk_…)
                     * @example whk_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "webhook_endpoint",
                         *         "url": "url",
                         *         "description": "description",
                         *         "events": [
                         *           "session.started"
                         *         ],
                         *         "enabled": true,
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "updatedAt": "2026-01-01T12:00:00.000Z",
                         *         "secretRotatedAt": "2026-01-01T12:00:00.000Z",
                         *         "recentDeliveries": [
                         *           {
                         *             "id": "id",
                         *             "eventId": "evt_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "eventType": "eventType",
                         *             "status": "pending",
                         *             "attempts": [
                         *               {
                         *                 "attempt": 1,
                         *                 "at": "2026-01-01T12:00:00.000Z",
                         *                 "statusCode": 1,
                         *                 "latencyMs": 1,
                         *                 "error": "error",
                         *                 "succeeded": true
                         *               }
                         *             ],
                         *             "workflowId": "workflowId",
                         *             "createdAt": "2026-01-01T12:00:00.000Z",
                         *             "nextAttemptAt": "2026-01-01T12:00:00.000Z"
                         *           }
                         *         ],
                         *         "secret": "secret"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "webhook_endpoint";
                                url: string;
                                description: string;
                                events: ("session.started" | "session.ended" | "character.created" | "character.updated" | "character.deleted" | "tts.completed" | "voice.created")[];
                                enabled: boolean;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                secretRotatedAt: string | null;
                                /** @description Newest first */
                                recentDeliveries: {
                                    id: string;
                                    eventId: string;
                                    eventType: string;
                                    status: "pending" | "retrying" | "succeeded" | "failed";
                                    attempts: {
                                        attempt: number;
                                        /** Format: date-time */
                                        at: string;
                                        statusCode: number | null;
                                        latencyMs: number;
                                        error: string | null;
                                        succeeded: boolean;
                                    }[];
                                    /** @description Temporal workflow id, for operators */
                                    workflowId: string;
                                    /** Format: date-time */
                                    createdAt: string;
                                    nextAttemptAt: string | null;
                                }[];
                            } & {
                                /** @description Signing secret, shown only in this response */
                                secret: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/avatars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a live session (returns an st_ client token)
         * @description Create a live session (returns an st_ client token).
         *
         *     **Credential:** A secret key with the scope `sessions:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 404, 409, 413, 415, 422, 429, 431, 501, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "characterId": "chr_4fT9kQ2mXb7LwZp1",
                     *       "realtime": false
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description A character (chr_…)
                         * @example chr_8Hq2LmV0xY4nTb6R0aZc
                         */
                        characterId: string;
                        /**
                         * @description A built-in or cloned voice id; default: the character's voice
                         * @example en-US-joe
                         */
                        voice?: string;
                        /**
                         * @description Publish the companion (video and voice) into a WebRTC room
                         * @default false
                         */
                        realtime?: boolean;
                        /** @description Video frame rate; default MEDIA_DEFAULT_FPS (12) */
                        target_fps?: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "session",
                         *         "state": "open",
                         *         "characterId": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "character": {
                         *           "id": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "name": "Mira"
                         *         },
                         *         "voice": "voice",
                         *         "realtime": true,
                         *         "target_fps": 1,
                         *         "turns": 1,
                         *         "viewers": 1,
                         *         "replyEngine": "replyEngine",
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "lastActivityAt": "2026-01-01T12:00:00.000Z",
                         *         "endedAt": "2026-01-01T12:00:00.000Z",
                         *         "endReason": "endReason",
                         *         "room": {
                         *           "id": "id",
                         *           "video": {
                         *             "codec": "VP8",
                         *             "width": 1,
                         *             "height": 1,
                         *             "fps": 1
                         *           },
                         *           "audio": {
                         *             "codec": "opus",
                         *             "sampleRate": 48000
                         *           }
                         *         },
                         *         "clientToken": "clientToken",
                         *         "clientTokenId": "tok_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "clientTokenExpiresAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "session";
                                state: "open" | "closed";
                                characterId: string;
                                character: {
                                    id: string;
                                    name: string;
                                };
                                voice: string;
                                realtime: boolean;
                                target_fps: number;
                                /** @description Turns so far, user and companion each counting one */
                                turns: number;
                                viewers: number;
                                /** @description What produces the replies */
                                replyEngine: string;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                lastActivityAt: string;
                                endedAt: string | null;
                                /** @description explicit, idle, eviction, node_lost, error, account_erased, media_error */
                                endReason: string | null;
                                /** @description The WebRTC room of an open realtime session */
                                room: {
                                    id: string;
                                    video: {
                                        /** @enum {string} */
                                        codec: "VP8";
                                        width: number;
                                        height: number;
                                        fps: number;
                                    };
                                    audio: {
                                        /** @enum {string} */
                                        codec: "opus";
                                        /** @enum {number} */
                                        sampleRate: 48000;
                                    };
                                } | null;
                            } & {
                                /** @description st_ token for this session, to hand to a browser */
                                clientToken: string;
                                clientTokenId: string;
                                /** Format: date-time */
                                clientTokenExpiresAt: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Implemented: the error envelope (its codes under Examples) */
                501: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/avatars/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Session state, character, voice, turns, timestamps, viewers
         * @description Session state, character, voice, turns, timestamps, viewers.
         *
         *     **Credential:** A secret key with the scope `sessions:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 414, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A live session (ses_…)
                     * @example ses_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "session",
                         *         "state": "open",
                         *         "characterId": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "character": {
                         *           "id": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "name": "Mira"
                         *         },
                         *         "voice": "voice",
                         *         "realtime": true,
                         *         "target_fps": 1,
                         *         "turns": 1,
                         *         "viewers": 1,
                         *         "replyEngine": "replyEngine",
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "lastActivityAt": "2026-01-01T12:00:00.000Z",
                         *         "endedAt": "2026-01-01T12:00:00.000Z",
                         *         "endReason": "endReason",
                         *         "room": {
                         *           "id": "id",
                         *           "video": {
                         *             "codec": "VP8",
                         *             "width": 1,
                         *             "height": 1,
                         *             "fps": 1
                         *           },
                         *           "audio": {
                         *             "codec": "opus",
                         *             "sampleRate": 48000
                         *           }
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "session";
                                state: "open" | "closed";
                                characterId: string;
                                character: {
                                    id: string;
                                    name: string;
                                };
                                voice: string;
                                realtime: boolean;
                                target_fps: number;
                                /** @description Turns so far, user and companion each counting one */
                                turns: number;
                                viewers: number;
                                /** @description What produces the replies */
                                replyEngine: string;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                lastActivityAt: string;
                                endedAt: string | null;
                                /** @description explicit, idle, eviction, node_lost, error, account_erased, media_error */
                                endReason: string | null;
                                /** @description The WebRTC room of an open realtime session */
                                room: {
                                    id: string;
                                    video: {
                                        /** @enum {string} */
                                        codec: "VP8";
                                        width: number;
                                        height: number;
                                        fps: number;
                                    };
                                    audio: {
                                        /** @enum {string} */
                                        codec: "opus";
                                        /** @enum {number} */
                                        sampleRate: 48000;
                                    };
                                } | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * End the session (idempotent); releases capacity
         * @description End the session (idempotent); releases capacity.
         *
         *     **Credential:** A secret key with the scope `sessions:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A live session (ses_…)
                     * @example ses_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "session",
                         *         "state": "open",
                         *         "characterId": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "character": {
                         *           "id": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "name": "Mira"
                         *         },
                         *         "voice": "voice",
                         *         "realtime": true,
                         *         "target_fps": 1,
                         *         "turns": 1,
                         *         "viewers": 1,
                         *         "replyEngine": "replyEngine",
                         *         "livemode": true,
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "lastActivityAt": "2026-01-01T12:00:00.000Z",
                         *         "endedAt": "2026-01-01T12:00:00.000Z",
                         *         "endReason": "endReason",
                         *         "room": {
                         *           "id": "id",
                         *           "video": {
                         *             "codec": "VP8",
                         *             "width": 1,
                         *             "height": 1,
                         *             "fps": 1
                         *           },
                         *           "audio": {
                         *             "codec": "opus",
                         *             "sampleRate": 48000
                         *           }
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "session";
                                state: "open" | "closed";
                                characterId: string;
                                character: {
                                    id: string;
                                    name: string;
                                };
                                voice: string;
                                realtime: boolean;
                                target_fps: number;
                                /** @description Turns so far, user and companion each counting one */
                                turns: number;
                                viewers: number;
                                /** @description What produces the replies */
                                replyEngine: string;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                lastActivityAt: string;
                                endedAt: string | null;
                                /** @description explicit, idle, eviction, node_lost, error, account_erased, media_error */
                                endReason: string | null;
                                /** @description The WebRTC room of an open realtime session */
                                room: {
                                    id: string;
                                    video: {
                                        /** @enum {string} */
                                        codec: "VP8";
                                        width: number;
                                        height: number;
                                        fps: number;
                                    };
                                    audio: {
                                        /** @enum {string} */
                                        codec: "opus";
                                        /** @enum {number} */
                                        sampleRate: 48000;
                                    };
                                } | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/avatars/{id}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a user turn; the companion's reply comes back (accepts this session's st_ token)
         * @description JSON by default. With `Accept: text/event-stream` the reply streams sentence by sentence as server-sent events, then a final `reply` event with the whole reply and the session record. A new turn while the companion is still answering interrupts it (barge-in): the earlier reply ends with `interrupted: true`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A live session (ses_…)
                     * @example ses_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "text": "What is your name?"
                     *     }
                     */
                    "application/json": {
                        text: string;
                    };
                };
            };
            responses: {
                /** @description The companion's reply */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "sessionId": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "exchange": 1,
                         *         "reply": {
                         *           "text": "Hello! Who are you?",
                         *           "sentences": [
                         *             "sentences"
                         *           ],
                         *           "interrupted": true
                         *         },
                         *         "session": {
                         *           "id": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "object": "session",
                         *           "state": "open",
                         *           "characterId": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "character": {
                         *             "id": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "name": "Mira"
                         *           },
                         *           "voice": "voice",
                         *           "realtime": true,
                         *           "target_fps": 1,
                         *           "turns": 1,
                         *           "viewers": 1,
                         *           "replyEngine": "replyEngine",
                         *           "livemode": true,
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "lastActivityAt": "2026-01-01T12:00:00.000Z",
                         *           "endedAt": "2026-01-01T12:00:00.000Z",
                         *           "endReason": "endReason",
                         *           "room": {
                         *             "id": "id",
                         *             "video": {
                         *               "codec": "VP8",
                         *               "width": 1,
                         *               "height": 1,
                         *               "fps": 1
                         *             },
                         *             "audio": {
                         *               "codec": "opus",
                         *               "sampleRate": 48000
                         *             }
                         *           }
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                sessionId: string;
                                /** @description Which exchange (a user turn and its reply) this is: 1 for the first */
                                exchange: number;
                                reply: {
                                    text: string;
                                    sentences: string[];
                                    /** @description A newer user turn cut this reply short: text is only what was delivered (in a realtime session, what was heard) */
                                    interrupted: boolean;
                                };
                                session: {
                                    id: string;
                                    /** @enum {string} */
                                    object: "session";
                                    state: "open" | "closed";
                                    characterId: string;
                                    character: {
                                        id: string;
                                        name: string;
                                    };
                                    voice: string;
                                    realtime: boolean;
                                    target_fps: number;
                                    /** @description Turns so far, user and companion each counting one */
                                    turns: number;
                                    viewers: number;
                                    /** @description What produces the replies */
                                    replyEngine: string;
                                    livemode: boolean;
                                    /** Format: date-time */
                                    createdAt: string;
                                    /** Format: date-time */
                                    lastActivityAt: string;
                                    endedAt: string | null;
                                    /** @description explicit, idle, eviction, node_lost, error, account_erased, media_error */
                                    endReason: string | null;
                                    /** @description The WebRTC room of an open realtime session */
                                    room: {
                                        id: string;
                                        video: {
                                            /** @enum {string} */
                                            codec: "VP8";
                                            width: number;
                                            height: number;
                                            fps: number;
                                        };
                                        audio: {
                                            /** @enum {string} */
                                            codec: "opus";
                                            /** @enum {number} */
                                            sampleRate: 48000;
                                        };
                                    } | null;
                                };
                            };
                        };
                        /**
                         * @example event: sentence
                         *     data: {"index":0,"text":"I'm Mira, the lighthouse keeper."}
                         *
                         *     event: reply
                         *     data: {"success":true,"data":{"sessionId":"ses_4fT9kQ2mXb7LwZp1Yc3N","exchange":1,"reply":{"text":"I'm Mira, the lighthouse keeper.","sentences":["I'm Mira, the lighthouse keeper."],"interrupted":false},"session":{…}}}
                         */
                        "text/event-stream": string;
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/developer-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's live sessions (state=open by default; state=all for ended ones too)
         * @description The account's live sessions (state=open by default; state=all for ended ones too).
         *
         *     **Credential:** A secret key with the scope `sessions:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                    state?: "open" | "closed" | "all";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "session",
                         *           "state": "open",
                         *           "characterId": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "character": {
                         *             "id": "chr_4fT9kQ2mXb7LwZp1Yc3N",
                         *             "name": "Mira"
                         *           },
                         *           "voice": "voice",
                         *           "realtime": true,
                         *           "target_fps": 1,
                         *           "turns": 1,
                         *           "viewers": 1,
                         *           "replyEngine": "replyEngine",
                         *           "livemode": true,
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "lastActivityAt": "2026-01-01T12:00:00.000Z",
                         *           "endedAt": "2026-01-01T12:00:00.000Z",
                         *           "endReason": "endReason",
                         *           "room": {
                         *             "id": "id",
                         *             "video": {
                         *               "codec": "VP8",
                         *               "width": 1,
                         *               "height": 1,
                         *               "fps": 1
                         *             },
                         *             "audio": {
                         *               "codec": "opus",
                         *               "sampleRate": 48000
                         *             }
                         *           }
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "session";
                                state: "open" | "closed";
                                characterId: string;
                                character: {
                                    id: string;
                                    name: string;
                                };
                                voice: string;
                                realtime: boolean;
                                target_fps: number;
                                /** @description Turns so far, user and companion each counting one */
                                turns: number;
                                viewers: number;
                                /** @description What produces the replies */
                                replyEngine: string;
                                livemode: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                lastActivityAt: string;
                                endedAt: string | null;
                                /** @description explicit, idle, eviction, node_lost, error, account_erased, media_error */
                                endReason: string | null;
                                /** @description The WebRTC room of an open realtime session */
                                room: {
                                    id: string;
                                    video: {
                                        /** @enum {string} */
                                        codec: "VP8";
                                        width: number;
                                        height: number;
                                        fps: number;
                                    };
                                    audio: {
                                        /** @enum {string} */
                                        codec: "opus";
                                        /** @enum {number} */
                                        sampleRate: 48000;
                                    };
                                } | null;
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an st_ browser token for a live session (secret key only)
         * @description Mint an st_ browser token for a live session (secret key only).
         *
         *     **Credential:** A secret key with the scope `tokens:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 404, 409, 413, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "sessionId": "ses_8Hq2LmV0xY4nTb6R",
                     *       "ttlSeconds": 600
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description A live session (ses_…)
                         * @example ses_8Hq2LmV0xY4nTb6R0aZc
                         */
                        sessionId: string;
                        /** @description At most SESSION_TOKEN_TTL_S (900) */
                        ttlSeconds?: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "session_token",
                         *         "sessionId": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "scopes": [
                         *           "scopes"
                         *         ],
                         *         "status": "active",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "expiresAt": "2026-01-01T12:00:00.000Z",
                         *         "revokedAt": "2026-01-01T12:00:00.000Z",
                         *         "token": "token"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                object: "session_token" | "viewer_token";
                                sessionId: string | null;
                                scopes: string[];
                                status: "active" | "revoked" | "expired";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                revokedAt: string | null;
                            } & {
                                /** @description The st_ secret, shown only in this response */
                                token: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active (unexpired, unrevoked) st_ session tokens (viewer tokens: GET /avatars/:id/viewer-tokens)
         * @description Active (unexpired, unrevoked) st_ session tokens (viewer tokens: GET /avatars/:id/viewer-tokens).
         *
         *     **Credential:** A secret key with the scope `tokens:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "session_token",
                         *           "sessionId": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "scopes": [
                         *             "scopes"
                         *           ],
                         *           "status": "active",
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "expiresAt": "2026-01-01T12:00:00.000Z",
                         *           "revokedAt": "2026-01-01T12:00:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                object: "session_token" | "viewer_token";
                                sessionId: string | null;
                                scopes: string[];
                                status: "active" | "revoked" | "expired";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                revokedAt: string | null;
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a session token or viewer token (immediate, idempotent; its viewers are disconnected)
         * @description Revoke a session token or viewer token (immediate, idempotent; its viewers are disconnected).
         *
         *     **Credential:** A secret key with the scope `tokens:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A session or viewer token, by its id (tok_… or vtk_…)
                     * @example tok_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "session_token",
                         *         "sessionId": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "scopes": [
                         *           "scopes"
                         *         ],
                         *         "status": "active",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "expiresAt": "2026-01-01T12:00:00.000Z",
                         *         "revokedAt": "2026-01-01T12:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                object: "session_token" | "viewer_token";
                                sessionId: string | null;
                                scopes: string[];
                                status: "active" | "revoked" | "expired";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                revokedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/avatars/{id}/viewer-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a viewer token (vt_) for the session's room: subscribe-only, expiring, revocable
         * @description Issue a viewer token (vt_) for the session's room: subscribe-only, expiring, revocable.
         *
         *     **Credential:** A secret key with the scope `sessions:write`.
         *
         *     **Answers:** 201; errors 400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path: {
                    /**
                     * @description A live session (ses_…)
                     * @example ses_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Optional: a bare POST gets the default lifetime */
            requestBody?: {
                content: {
                    /**
                     * @example {
                     *       "ttlSeconds": 3600
                     *     }
                     */
                    "application/json": {
                        /** @description At most VIEWER_TOKEN_TTL_S (900) */
                        ttlSeconds?: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "session_token",
                         *         "sessionId": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *         "scopes": [
                         *           "scopes"
                         *         ],
                         *         "status": "active",
                         *         "createdAt": "2026-01-01T12:00:00.000Z",
                         *         "expiresAt": "2026-01-01T12:00:00.000Z",
                         *         "revokedAt": "2026-01-01T12:00:00.000Z",
                         *         "token": "token",
                         *         "viewerUrl": "viewerUrl"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                object: "session_token" | "viewer_token";
                                sessionId: string | null;
                                scopes: string[];
                                status: "active" | "revoked" | "expired";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                revokedAt: string | null;
                            } & {
                                /** @description The vt_ secret, shown only in this response */
                                token: string;
                                /** @description The viewer page for this token (the token travels in the URL fragment, never to a server) */
                                viewerUrl: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/avatars/{id}/viewer-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session's viewer tokens, newest first (active, expired and revoked)
         * @description The session's viewer tokens, newest first (active, expired and revoked).
         *
         *     **Credential:** A secret key with the scope `sessions:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 414, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                };
                header?: never;
                path: {
                    /**
                     * @description A live session (ses_…)
                     * @example ses_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "session_token",
                         *           "sessionId": "ses_4fT9kQ2mXb7LwZp1Yc3N",
                         *           "scopes": [
                         *             "scopes"
                         *           ],
                         *           "status": "active",
                         *           "createdAt": "2026-01-01T12:00:00.000Z",
                         *           "expiresAt": "2026-01-01T12:00:00.000Z",
                         *           "revokedAt": "2026-01-01T12:00:00.000Z"
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                object: "session_token" | "viewer_token";
                                sessionId: string | null;
                                scopes: string[];
                                status: "active" | "revoked" | "expired";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                revokedAt: string | null;
                            }[];
                            /** @description More items follow the last one; pass its id as starting_after */
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/avatars/{id}/signaling": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The viewer's signalling websocket (vt_ or this session's st_ token; upgrade required)
         * @description Open with `new WebSocket(url, ["companion-signaling.v1", "bearer." + token])`. Messages: media/rooms/signaling.ts; see docs/VIEWERS.md. Refusals answer the upgrade request in the error envelope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A live session (ses_…)
                     * @example ses_8Hq2LmV0xY4nTb6R0aZc
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Upgrade Required: the error envelope (its codes under Examples) */
                426: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Implemented: the error envelope (its codes under Examples) */
                501: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/text-to-speech": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synthesise speech; the response body is a complete WAV file
         * @description Synthesise speech; the response body is a complete WAV file.
         *
         *     **Credential:** A secret key with the scope `speech:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Text to speak; at most SPEECH_MAX_TEXT_CHARS (default 5,000) characters */
                        text: string;
                        /**
                         * @description A voice from GET /api/v1/voices
                         * @example en-US-joe
                         */
                        voiceId: string;
                        /**
                         * @description The language of the text (BCP-47; default: the voice's). Any Kokoro voice, built-in or cloned, speaks en, es, fr, it, pt, hi, zh, mostly in its own timbre and without its own accent; en-US-joe speaks English only.
                         * @example es
                         */
                        language?: string;
                    };
                };
            };
            responses: {
                /** @description A complete WAV file (RIFF, 16-bit PCM, mono) */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example <binary> */
                        "audio/wav": string;
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/text-to-speech/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synthesise speech as a chunked WAV stream (header of unknown length, then PCM piece by piece)
         * @description Synthesise speech as a chunked WAV stream (header of unknown length, then PCM piece by piece).
         *
         *     **Credential:** A secret key with the scope `speech:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Text to speak; at most SPEECH_MAX_TEXT_CHARS (default 5,000) characters */
                        text: string;
                        /**
                         * @description A voice from GET /api/v1/voices
                         * @example en-US-joe
                         */
                        voiceId: string;
                        /**
                         * @description The language of the text (BCP-47; default: the voice's). Any Kokoro voice, built-in or cloned, speaks en, es, fr, it, pt, hi, zh, mostly in its own timbre and without its own accent; en-US-joe speaks English only.
                         * @example es
                         */
                        language?: string;
                    };
                };
            };
            responses: {
                /** @description Chunked audio/wav */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example <binary> */
                        "audio/wav": string;
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/text-to-speech/with-timestamps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Synthesise speech with per-word offsets (measured by the synthesis engine; interpolated from a server that reports no timing)
         * @description Synthesise speech with per-word offsets (measured by the synthesis engine; interpolated from a server that reports no timing).
         *
         *     **Credential:** A secret key with the scope `speech:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Text to speak; at most SPEECH_MAX_TEXT_CHARS (default 5,000) characters */
                        text: string;
                        /**
                         * @description A voice from GET /api/v1/voices
                         * @example en-US-joe
                         */
                        voiceId: string;
                        /**
                         * @description The language of the text (BCP-47; default: the voice's). Any Kokoro voice, built-in or cloned, speaks en, es, fr, it, pt, hi, zh, mostly in its own timbre and without its own accent; en-US-joe speaks English only.
                         * @example es
                         */
                        language?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "voiceId": "voiceId",
                         *         "contentType": "audio/wav",
                         *         "audio": "audio",
                         *         "sampleRate": 1,
                         *         "durationMs": 1,
                         *         "words": [
                         *           {
                         *             "word": "word",
                         *             "start": 1,
                         *             "end": 1
                         *           }
                         *         ],
                         *         "offsets": "measured"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                voiceId: string;
                                /** @enum {string} */
                                contentType: "audio/wav";
                                /** @description The WAV file, base64 */
                                audio: string;
                                sampleRate: number;
                                durationMs: number;
                                words: {
                                    word: string;
                                    /** @description Seconds from the start of the audio */
                                    start: number;
                                    end: number;
                                }[];
                                /** @description measured: from the engine’s phoneme alignment; interpolated: spread over the audio by word length */
                                offsets: "measured" | "interpolated";
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/speech-to-text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transcribe audio sent as multipart (field "file") or as a raw audio/* body
         * @description Transcribe audio sent as multipart (field "file") or as a raw audio/* body.
         *
         *     **Credential:** A secret key with the scope `speech:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: {
                    /** @description The language spoken: an ISO 639-1 code (en, es, de…) or auto to detect it; default en. en is heard by the English model (whisper-tiny.en, the fast one), any other code and auto by the multilingual one (whisper-base, SPEECH_STT_MULTILINGUAL_MODEL). The response says the language given or detected. */
                    language?: string;
                    /** @description With language=auto only: the language you expect (an ISO 639-1 code), such as the one your user spoke last. It is heard unless the detector finds another language several times likelier (SPEECH_STT_HINT_WEIGHT on the embedded transcriber), so a short clip is not misheard as a neighbouring language while a user who switches is still followed. */
                    languageHint?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description The audio, as multipart (field "file") or as the raw body with its audio/* type */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "file": "RIFF…WAVEfmt … (the bytes of a WAV file)"
                     *     }
                     */
                    "multipart/form-data": {
                        /** @description WAV, WebM/Opus, Ogg, MP3 or FLAC */
                        file: string;
                    };
                    /** @example RIFF…WAVEfmt … (the bytes of a WAV file) */
                    "audio/*": string;
                    /** @example RIFF…WAVEfmt … (the bytes of a WAV file) */
                    "application/octet-stream": string;
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "text": "Hello! Who are you?",
                         *         "words": [
                         *           {
                         *             "word": "word",
                         *             "start": 1,
                         *             "end": 1
                         *           }
                         *         ],
                         *         "duration": 1,
                         *         "language": "language",
                         *         "languageProbability": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                text: string;
                                words: {
                                    word: string;
                                    /** @description Seconds from the start of the audio */
                                    start: number;
                                    end: number;
                                }[];
                                /** @description Seconds of audio */
                                duration: number;
                                /** @description ISO 639-1 code of the language heard: the one asked for, or the one detected (auto) */
                                language: string;
                                /** @description How sure the detection was, 0..1 (1 when the language was given) */
                                languageProbability?: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/speech-to-text/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transcribe through the upstream transcriber; one response, not a live feed
         * @description Transcribe through the upstream transcriber; one response, not a live feed.
         *
         *     **Credential:** A secret key with the scope `speech:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: {
                    /** @description The language spoken: an ISO 639-1 code (en, es, de…) or auto to detect it; default en. en is heard by the English model (whisper-tiny.en, the fast one), any other code and auto by the multilingual one (whisper-base, SPEECH_STT_MULTILINGUAL_MODEL). The response says the language given or detected. */
                    language?: string;
                    /** @description With language=auto only: the language you expect (an ISO 639-1 code), such as the one your user spoke last. It is heard unless the detector finds another language several times likelier (SPEECH_STT_HINT_WEIGHT on the embedded transcriber), so a short clip is not misheard as a neighbouring language while a user who switches is still followed. */
                    languageHint?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description The audio, as multipart (field "file") or as the raw body with its audio/* type */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "file": "RIFF…WAVEfmt … (the bytes of a WAV file)"
                     *     }
                     */
                    "multipart/form-data": {
                        /** @description WAV, WebM/Opus, Ogg, MP3 or FLAC */
                        file: string;
                    };
                    /** @example RIFF…WAVEfmt … (the bytes of a WAV file) */
                    "audio/*": string;
                    /** @example RIFF…WAVEfmt … (the bytes of a WAV file) */
                    "application/octet-stream": string;
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "text": "Hello! Who are you?",
                         *         "words": [
                         *           {
                         *             "word": "word",
                         *             "start": 1,
                         *             "end": 1
                         *           }
                         *         ],
                         *         "duration": 1,
                         *         "language": "language",
                         *         "languageProbability": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                text: string;
                                words: {
                                    word: string;
                                    /** @description Seconds from the start of the audio */
                                    start: number;
                                    end: number;
                                }[];
                                /** @description Seconds of audio */
                                duration: number;
                                /** @description ISO 639-1 code of the language heard: the one asked for, or the one detected (auto) */
                                language: string;
                                /** @description How sure the detection was, 0..1 (1 when the language was given) */
                                languageProbability?: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/speech-to-text/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of the upstream transcription server (503 with Retry-After when it is down)
         * @description Health of the upstream transcription server (503 with Retry-After when it is down).
         *
         *     **Credential:** A secret key with the scope `voices:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "status": "ok",
                         *         "model": "model",
                         *         "upstream": "embedded",
                         *         "latencyMs": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                /** @enum {string} */
                                status: "ok";
                                model: string;
                                upstream: "embedded" | "external";
                                latencyMs: number;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List voices: the built-in ones (first page only) and the account’s cloned voices, newest first
         * @description List voices: the built-in ones (first page only) and the account’s cloned voices, newest first.
         *
         *     **Credential:** A secret key with the scope `voices:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Id of the last item of the previous page */
                    starting_after?: string;
                    /** @description Only this kind of voice */
                    kind?: "built_in" | "cloned";
                    /** @description Only voices of this language (BCP-47): a bare code matches every region (es → es-ES, en → en-US and en-GB), a tag with a region only itself (pt-BR). Any Kokoro voice can also speak another language (`language` of the synthesis routes). */
                    language?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "voice",
                         *           "voiceId": "voiceId",
                         *           "name": "Mira",
                         *           "type": "built_in",
                         *           "status": "active",
                         *           "gender": "female",
                         *           "accent": "accent",
                         *           "language": "es-ES",
                         *           "engine": "engine",
                         *           "sampleRate": 1,
                         *           "timestamps": "measured",
                         *           "demo": true
                         *         }
                         *       ],
                         *       "has_more": true
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: ({
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @description Identifier used by synthesis requests and characters */
                                voiceId: string;
                                name: string;
                                /** @enum {string} */
                                type: "built_in";
                                /** @enum {string} */
                                status: "active";
                                gender: "female" | "male";
                                accent: string;
                                /**
                                 * @description BCP-47 tag of the language the voice speaks (en-US, es-ES, pt-BR, …)
                                 * @example es-ES
                                 */
                                language: string;
                                /** @description piper or kokoro */
                                engine: string;
                                /** @description Hz of the audio this voice produces */
                                sampleRate: number;
                                /** @description How /text-to-speech/with-timestamps gets word offsets for this voice */
                                timestamps: "measured" | "interpolated";
                                /** @description Usable by the public homepage demo */
                                demo: boolean;
                            } | {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @description Identifier used by synthesis requests and characters */
                                voiceId: string;
                                name: string;
                                description: string;
                                labels: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                type: "cloned";
                                status: "pending" | "active" | "failed";
                                /** @description Where the clone job is: queued, fetching, checking, transcribing, building, … */
                                step: string;
                                failureCode: string | null;
                                failureReason: string | null;
                                /** @description Current version of the voice; synthesis uses it */
                                version: number;
                                similarity: number | null;
                                language: string;
                                engine: string;
                                sampleRate: number;
                                /**
                                 * @description Word and phoneme offsets of /text-to-speech/with-timestamps are measured
                                 * @enum {string}
                                 */
                                timestamps: "measured";
                                samples: {
                                    url: string | null;
                                    bytes: number | null;
                                    format: string | null;
                                    durationS: number | null;
                                }[];
                                livemode: boolean;
                                createdAt: string;
                                updatedAt: string;
                                activeAt: string | null;
                                refinedAt: string | null;
                            })[];
                            has_more: boolean;
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Clone a voice from reference clips: JSON with sample URLs, a multipart upload (`file` parts) or a raw audio/* body (name in the query); answers 202 pending
         * @description Clone a voice from reference clips: JSON with sample URLs, a multipart upload (`file` parts) or a raw audio/* body (name in the query); answers 202 pending.
         *
         *     **Credential:** A secret key with the scope `voices:write`.
         *
         *     **Answers:** 202; errors 400, 401, 403, 409, 413, 415, 422, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: {
                    name?: string;
                    description?: string;
                };
                header?: {
                    /** @description Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; with another body 422; while the first call runs 409. Scoped to the account and mode. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            /** @description Sample URLs (JSON), a multipart upload (one to five `file` parts), or one raw audio/* body with `?name=` */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Narrator",
                     *       "description": "Warm, calm",
                     *       "labels": {
                     *         "use": "audiobooks"
                     *       },
                     *       "samples": [
                     *         {
                     *           "url": "https://example.com/clip.wav"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        name: string;
                        description?: string;
                        labels?: {
                            [key: string]: string;
                        };
                        /** @description Reference clips by URL (http or https), about 10 s of clean speech in all */
                        samples: {
                            /** @description Absolute http(s) URL without credentials; hosts on refused addresses as for webhooks */
                            url: string;
                        }[];
                    };
                    /**
                     * @example {
                     *       "name": "Narrator",
                     *       "file": [
                     *         "RIFF…WAVEfmt … (the bytes of a WAV file)"
                     *       ]
                     *     }
                     */
                    "multipart/form-data": {
                        name: string;
                        description?: string;
                        file: string[];
                    };
                    /** @example RIFF…WAVEfmt … (the bytes of a WAV file) */
                    "audio/*": string;
                    /** @example RIFF…WAVEfmt … (the bytes of a WAV file) */
                    "application/octet-stream": string;
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "voice",
                         *         "voiceId": "voiceId",
                         *         "name": "Mira",
                         *         "description": "description",
                         *         "labels": {},
                         *         "type": "cloned",
                         *         "status": "pending",
                         *         "step": "step",
                         *         "failureCode": "failureCode",
                         *         "failureReason": "failureReason",
                         *         "version": 1,
                         *         "similarity": 1,
                         *         "language": "language",
                         *         "engine": "engine",
                         *         "sampleRate": 1,
                         *         "timestamps": "measured",
                         *         "samples": [
                         *           {
                         *             "url": "url",
                         *             "bytes": 1,
                         *             "format": "format",
                         *             "durationS": 1
                         *           }
                         *         ],
                         *         "livemode": true,
                         *         "createdAt": "createdAt",
                         *         "updatedAt": "updatedAt",
                         *         "activeAt": "activeAt",
                         *         "refinedAt": "refinedAt"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @description Identifier used by synthesis requests and characters */
                                voiceId: string;
                                name: string;
                                description: string;
                                labels: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                type: "cloned";
                                status: "pending" | "active" | "failed";
                                /** @description Where the clone job is: queued, fetching, checking, transcribing, building, … */
                                step: string;
                                failureCode: string | null;
                                failureReason: string | null;
                                /** @description Current version of the voice; synthesis uses it */
                                version: number;
                                similarity: number | null;
                                language: string;
                                engine: string;
                                sampleRate: number;
                                /**
                                 * @description Word and phoneme offsets of /text-to-speech/with-timestamps are measured
                                 * @enum {string}
                                 */
                                timestamps: "measured";
                                samples: {
                                    url: string | null;
                                    bytes: number | null;
                                    format: string | null;
                                    durationS: number | null;
                                }[];
                                livemode: boolean;
                                createdAt: string;
                                updatedAt: string;
                                activeAt: string | null;
                                refinedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Conflict: the error envelope (its codes under Examples) */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unprocessable Entity: the error envelope (its codes under Examples) */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch one voice (a cloned voice shows its job’s step, status, version and similarity)
         * @description Fetch one voice (a cloned voice shows its job’s step, status, version and similarity).
         *
         *     **Credential:** A secret key with the scope `voices:read`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 414, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A built-in voice (en-US-slt, en-US-clb, en-US-bdl, en-GB-alan, en-GB-emma, en-US-joe, en-US-alloy, en-US-aoede, en-US-jessica, en-US-kore, en-US-nicole, en-US-nova, en-US-river, en-US-sarah, en-US-sky, en-US-adam, en-US-echo, en-US-eric, en-US-fenrir, en-US-liam, en-US-onyx, en-US-puck, en-US-santa, en-GB-alice, en-GB-isabella, en-GB-lily, en-GB-daniel, en-GB-fable, en-GB-lewis, es-ES-dora, es-ES-alex, es-ES-santa, fr-FR-siwis, it-IT-sara, it-IT-nicola, pt-BR-dora, pt-BR-alex, pt-BR-santa, hi-IN-alpha, hi-IN-beta, hi-IN-omega, hi-IN-psi, zh-CN-xiaobei, zh-CN-xiaoni, zh-CN-xiaoxiao, zh-CN-xiaoyi, zh-CN-yunjian, zh-CN-yunxi, zh-CN-yunxia, zh-CN-yunyang) or a cloned voice of the account (vce_…)
                     * @example en-US-joe
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "voice",
                         *         "voiceId": "voiceId",
                         *         "name": "Mira",
                         *         "type": "built_in",
                         *         "status": "active",
                         *         "gender": "female",
                         *         "accent": "accent",
                         *         "language": "es-ES",
                         *         "engine": "engine",
                         *         "sampleRate": 1,
                         *         "timestamps": "measured",
                         *         "demo": true
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @description Identifier used by synthesis requests and characters */
                                voiceId: string;
                                name: string;
                                /** @enum {string} */
                                type: "built_in";
                                /** @enum {string} */
                                status: "active";
                                gender: "female" | "male";
                                accent: string;
                                /**
                                 * @description BCP-47 tag of the language the voice speaks (en-US, es-ES, pt-BR, …)
                                 * @example es-ES
                                 */
                                language: string;
                                /** @description piper or kokoro */
                                engine: string;
                                /** @description Hz of the audio this voice produces */
                                sampleRate: number;
                                /** @description How /text-to-speech/with-timestamps gets word offsets for this voice */
                                timestamps: "measured" | "interpolated";
                                /** @description Usable by the public homepage demo */
                                demo: boolean;
                            } | {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @description Identifier used by synthesis requests and characters */
                                voiceId: string;
                                name: string;
                                description: string;
                                labels: {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                type: "cloned";
                                status: "pending" | "active" | "failed";
                                /** @description Where the clone job is: queued, fetching, checking, transcribing, building, … */
                                step: string;
                                failureCode: string | null;
                                failureReason: string | null;
                                /** @description Current version of the voice; synthesis uses it */
                                version: number;
                                similarity: number | null;
                                language: string;
                                engine: string;
                                sampleRate: number;
                                /**
                                 * @description Word and phoneme offsets of /text-to-speech/with-timestamps are measured
                                 * @enum {string}
                                 */
                                timestamps: "measured";
                                samples: {
                                    url: string | null;
                                    bytes: number | null;
                                    format: string | null;
                                    durationS: number | null;
                                }[];
                                livemode: boolean;
                                createdAt: string;
                                updatedAt: string;
                                activeAt: string | null;
                                refinedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a cloned voice, its files and its job; characters using it fall back to en-US-joe
         * @description Delete a cloned voice, its files and its job; characters using it fall back to en-US-joe.
         *
         *     **Credential:** A secret key with the scope `voices:write`.
         *
         *     **Answers:** 200; errors 400, 401, 403, 404, 413, 414, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A built-in voice (en-US-slt, en-US-clb, en-US-bdl, en-GB-alan, en-GB-emma, en-US-joe, en-US-alloy, en-US-aoede, en-US-jessica, en-US-kore, en-US-nicole, en-US-nova, en-US-river, en-US-sarah, en-US-sky, en-US-adam, en-US-echo, en-US-eric, en-US-fenrir, en-US-liam, en-US-onyx, en-US-puck, en-US-santa, en-GB-alice, en-GB-isabella, en-GB-lily, en-GB-daniel, en-GB-fable, en-GB-lewis, es-ES-dora, es-ES-alex, es-ES-santa, fr-FR-siwis, it-IT-sara, it-IT-nicola, pt-BR-dora, pt-BR-alex, pt-BR-santa, hi-IN-alpha, hi-IN-beta, hi-IN-omega, hi-IN-psi, zh-CN-xiaobei, zh-CN-xiaoni, zh-CN-xiaoxiao, zh-CN-xiaoyi, zh-CN-yunjian, zh-CN-yunxi, zh-CN-yunxia, zh-CN-yunyang) or a cloned voice of the account (vce_…)
                     * @example en-US-joe
                     */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": {
                         *         "id": "id",
                         *         "object": "voice",
                         *         "deleted": true
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unauthorized: the error envelope (its codes under Examples) */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Forbidden: the error envelope (its codes under Examples) */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Not Found: the error envelope (its codes under Examples) */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description URI Too Long: the error envelope (its codes under Examples) */
                414: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/demo/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Voices the homepage demo may use (public)
         * @description Voices the homepage demo may use (public).
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200; errors 400, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "success": true,
                         *       "data": [
                         *         {
                         *           "id": "id",
                         *           "object": "voice",
                         *           "voiceId": "voiceId",
                         *           "name": "Mira",
                         *           "type": "built_in",
                         *           "status": "active",
                         *           "gender": "female",
                         *           "accent": "accent",
                         *           "language": "es-ES",
                         *           "engine": "engine",
                         *           "sampleRate": 1,
                         *           "timestamps": "measured",
                         *           "demo": true
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "voice";
                                /** @description Identifier used by synthesis requests and characters */
                                voiceId: string;
                                name: string;
                                /** @enum {string} */
                                type: "built_in";
                                /** @enum {string} */
                                status: "active";
                                gender: "female" | "male";
                                accent: string;
                                /**
                                 * @description BCP-47 tag of the language the voice speaks (en-US, es-ES, pt-BR, …)
                                 * @example es-ES
                                 */
                                language: string;
                                /** @description piper or kokoro */
                                engine: string;
                                /** @description Hz of the audio this voice produces */
                                sampleRate: number;
                                /** @description How /text-to-speech/with-timestamps gets word offsets for this voice */
                                timestamps: "measured" | "interpolated";
                                /** @description Usable by the public homepage demo */
                                demo: boolean;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/demo/tts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Homepage demo synthesis (public; 5 requests a minute per address); a WAV file
         * @description Homepage demo synthesis (public; 5 requests a minute per address); a WAV file.
         *
         *     **Credential:** None: a public operation.
         *
         *     **Answers:** 200; errors 400, 413, 415, 429, 431, 503, in the error envelope (their codes are in the responses below and in "Errors" at the top).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "text": "Hi, nice to meet you!",
                     *       "voiceId": "en-US-joe"
                     *     }
                     */
                    "application/json": {
                        /** @description At most 300 characters */
                        text: string;
                        /**
                         * @description One of GET /api/v1/demo/voices
                         * @enum {string}
                         */
                        voiceId: "en-US-joe" | "en-US-slt" | "en-GB-alan";
                    };
                };
            };
            responses: {
                /** @description A complete WAV file (RIFF, 16-bit PCM, mono) */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example <binary> */
                        "audio/wav": string;
                    };
                };
                /** @description Bad Request: the error envelope (its codes under Examples) */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Payload Too Large: the error envelope (its codes under Examples) */
                413: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Unsupported Media Type: the error envelope (its codes under Examples) */
                415: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Too Many Requests: the error envelope (its codes under Examples) */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Request Header Fields Too Large: the error envelope (its codes under Examples) */
                431: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Service Unavailable: the error envelope (its codes under Examples) */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** ErrorEnvelope */
        ErrorEnvelope: {
            /** @enum {boolean} */
            success: false;
            error: {
                message: string;
                statusCode: number;
                /** Format: date-time */
                timestamp: string;
                /** @description Stable error code, e.g. COMPANION_ERR_AUTH_SCOPE */
                code: string;
                requestId?: string;
                /** @description On 503: seconds to wait before retrying (also in Retry-After) */
                retryAfterS?: number;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id (yours when you sent a well-formed one); also error.requestId */
        "X-Request-Id": string;
        /** @description Remaining calls and seconds to each window's reset (draft-ietf-httpapi-ratelimit-headers) */
        RateLimit: string;
        /** @description The windows and their quotas */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying (429 and 503) */
        "Retry-After": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
