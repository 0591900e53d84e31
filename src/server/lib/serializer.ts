/**
 * Responses are written by fast-json-stringify from each route's zod response schema (turned into JSON Schema once,
 * when the route first answers): only the declared fields leave the server, as with zod's own serializer, without
 * parsing every response again with zod (a tenth of a rendered page's cost in the profile). Compiled on first use,
 * not at start: compiling every route's serializer was a quarter of a second of each start (and of each restart after
 * a crash), for routes most processes never answer.
 *
 * Nullable values: zod writes a nullable object or a nullable bounded integer as `anyOf: [schema, {type: 'null'}]`.
 * fast-json-stringify answers an `anyOf` by validating each value with Ajv to pick the branch: a new Ajv instance per
 * route when it is compiled (its first answer blocked the event loop for about 100 ms under load: `npm run bench`
 * part 5 measured it), and a validation per value on every answer (an article card's picture details). The same
 * schema written as `type: [type, 'null']` needs neither (nullableTypes); other unions keep their `anyOf`.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** `anyOf: [S, {type: 'null'}]` (either order), where S has one type, as S with `type: [S.type, 'null']`; all through. */
export function nullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableTypes);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) out[key] = nullableTypes(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex((b: JsonSchema) => b && b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _union, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function compile(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): (data: unknown) => string {
  try {
    const json = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    const stringify = fastJson(nullableTypes(json) as Parameters<typeof fastJson>[0]);
    return (data: unknown) => stringify(data);
  } catch {
    // A schema JSON Schema cannot express: zod serialises that route as before.
    return zodSerializerCompiler(route as never) as (data: unknown) => string;
  }
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown) => (stringify ??= compile(route))(data);
};
