/**
 * Responses are written by fast-json-stringify from each route's zod response schema (turned into JSON Schema once,
 * when the route first answers): only the declared fields leave the server, as with zod's own serializer, without
 * parsing every response again with zod (a tenth of a rendered page's cost in the profile). Compiled on first use,
 * not at start: compiling every route's serializer was a quarter of a second of each start (and of each restart after
 * a crash), for routes most processes never answer.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

function compile(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): (data: unknown) => string {
  try {
    const json = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    const stringify = fastJson(json as Parameters<typeof fastJson>[0]);
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
