import type { z } from 'zod';
import type * as AllSchemas from '../schemas/all.ts';

/**
 * One HTTP endpoint of the API, declared once (docs/decisions/0018-endpoint-registry.md). The
 * server registers its route from the entry (apps/api/src/http/endpoint-route.ts), the web client
 * derives its fetcher from it (apps/web/src/lib/api-client.ts), and the OpenAPI document, the
 * authorization matrix and the fuzz suite read it.
 *
 * An entry's own fields are plain data. Its zod schemas come from `schemas()`, which imports the
 * schema module on first use: the browser loads zod only with the screens that need it (in
 * production it never parses a response), while the types are still inferred from the schemas.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, a signed-in customer or admin, or an admin only. */
export type EndpointAuth = 'public' | 'user' | 'admin';

/**
 * What a personal access token may call (docs/decisions/0037-personal-access-tokens.md): an entry
 * with `token: 'read'` answers tokens of either scope, `token: 'write'` only read-and-write tokens,
 * and an entry without `token` answers no token at all (admin, security and checkout routes).
 */
export type TokenScope = 'read' | 'write';

/** The error statuses an endpoint may answer, each with the `{ code, message, fieldErrors? }` body. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** How a request body travels: JSON, or `application/x-www-form-urlencoded` fields. */
export type BodyEncoding = 'json' | 'form';

export type Schemas = typeof AllSchemas;

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success responses by status: exactly one, the status the route answers with. */
  responses: { [status: number]: z.ZodType };
}

export interface EndpointMeta {
  method: HttpMethod;
  /** Fastify's syntax, relative to /api: `/website/:id`. */
  path: string;
  auth: EndpointAuth;
  summary: string;
  tag: string;
  errors: readonly ErrorStatus[];
  bodyEncoding?: BodyEncoding;
  /** Which personal access tokens may call it (the Customer API); absent: none. */
  token?: TokenScope;
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> extends EndpointMeta {
  schemas: () => Promise<S>;
}

const loadSchemas = (): Promise<Schemas> => import('../schemas/all.ts');

/** Declares an endpoint; `pick` names its schemas from the shared schema module. */
/*#__NO_SIDE_EFFECTS__*/
export function endpoint<const S extends EndpointSchemas>(meta: EndpointMeta, pick: (schemas: Schemas) => S): Endpoint<S> {
  let picked: Promise<S> | undefined;
  return { ...meta, schemas: () => (picked ??= loadSchemas().then(pick)) };
}

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;
type Field<E, K extends keyof EndpointSchemas> = SchemasOf<E>[K] extends z.ZodType ? SchemasOf<E>[K] : never;

/** The one success status an endpoint answers with. */
export type SuccessStatus<E> = keyof SchemasOf<E>['responses'] & number;
/** The success body as it travels: what a handler returns and a caller receives (response schemas do not transform). */
export type ResponseOf<E> = z.input<SchemasOf<E>['responses'][SuccessStatus<E>]>;
export type ReplyOf<E> = ResponseOf<E>;
export type ParamsIn<E> = z.input<Field<E, 'params'>>;
export type ParamsOut<E> = z.output<Field<E, 'params'>>;
export type QueryIn<E> = z.input<Field<E, 'query'>>;
export type QueryOut<E> = z.output<Field<E, 'query'>>;
export type BodyIn<E> = z.input<Field<E, 'body'>>;
export type BodyOut<E> = z.output<Field<E, 'body'>>;

/** What a caller passes: only the parts the endpoint has. */
export type RequestOf<E> = ([Field<E, 'params'>] extends [never] ? unknown : { params: ParamsIn<E> }) &
  ([Field<E, 'query'>] extends [never] ? unknown : { query: QueryIn<E> }) &
  ([Field<E, 'body'>] extends [never] ? unknown : { body: BodyIn<E> });

/** The path with its `:name` segments filled in (URI-encoded), relative to /api. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string for a GET's query object (undefined values left out), with its leading '?'. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
