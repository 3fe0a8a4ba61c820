/*
 * JSON Schema helpers shared by the route schemas. Request fields accept strings and numbers alike
 * (form bodies carry only strings; Fastify's AJV coerces), replies are serialised by
 * fast-json-stringify, which also keeps undeclared fields out of the wire format.
 */

type Schema = Record<string, unknown>;

export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const codeType = { type: ['integer', 'string'] } as const;

/** A request body or query: named required fields, anything else allowed (common parameters). */
export function fields(properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', properties, required };
}

export function obj(properties: Record<string, Schema>): Schema {
  return { type: 'object', properties, additionalProperties: false };
}

export const arr = (items: Schema): Schema => ({ type: 'array', items });

export const textValueRows = arr(obj({ text: str(), value: str() }));
export const titleValueRows = arr(obj({ title: str(), value: str() }));

/** Reply schema of a code family; data may be null on a refusal. */
export function codeReply(data: Schema): Schema {
  return {
    type: 'object',
    properties: { code: codeType, message: str(), data: { ...data, nullable: true } },
    required: ['code', 'message'],
  };
}

export function v3Reply(data: Schema): Schema {
  return {
    type: 'object',
    properties: { success: { type: 'boolean' }, message: str(), data: { ...data, nullable: true } },
    required: ['success', 'message'],
  };
}

/** Reply for calls whose data carries nothing of interest. */
export const emptyData = obj({});

export function routeSchema(parts: { body?: Schema; querystring?: Schema; reply: Schema }): Schema {
  return {
    ...(parts.body ? { body: parts.body } : {}),
    ...(parts.querystring ? { querystring: parts.querystring } : {}),
    response: { 200: parts.reply },
  };
}
