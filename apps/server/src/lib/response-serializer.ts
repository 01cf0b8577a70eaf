import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type RouteSchema = ZodType | { properties: ZodType };

const checkedByZod = createSerializerCompiler({});

type JsonSchema = { [key: string]: unknown };

const isNullSchema = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'null';

/**
 * zod writes `nullable` as anyOf [T, null]; fast-json-stringify would try each branch with a validator
 * at run time. A plain `type: [T, 'null']` says the same and is written directly.
 */
function simplifyNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullables);
  if (typeof schema !== 'object' || schema === null) return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = simplifyNullables(value);
  const anyOf = result.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullSchema)) {
    const other = anyOf.find((branch) => !isNullSchema(branch)) as JsonSchema;
    if (typeof other.type === 'string' && !('anyOf' in other) && !('$ref' in other)) {
      const { anyOf: _, ...rest } = result;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return result;
}

/** A stringifier compiled from the response schema, or undefined where JSON Schema cannot say it all. */
export function compileResponseStringifier(schema: ZodType): ((data: unknown) => string) | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(simplifyNullables(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

/**
 * Responses are written by a stringifier compiled from each route's zod schema (fast-json-stringify,
 * as Fastify does for JSON Schema routes): only the declared fields go out, a missing required field
 * is an error. Checking every response with zod before JSON.stringify cost a tenth of a list request's
 * CPU. Schemas JSON Schema cannot express (transforms, dates) keep the zod check.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  const schema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
  return compileResponseStringifier(schema) ?? checkedByZod(route);
};
