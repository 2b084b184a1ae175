import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Writer = (data: unknown) => string;

/**
 * Writers compiled so far, by the JSON Schema they write: every app built in one process (the tests build
 * hundreds, a deployment's instances in one test several) shares one writer per schema instead of compiling
 * fast-json-stringify's code, with an Ajv of its own, once per route and app. Keyed by the schema's text, not the
 * zod object: routes build some schemas as they register (`errorResponses`, `z.array(…)`).
 */
const writers = new Map<string, Writer>();

function writerOf(schema: z.ZodType): Writer {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  const key = JSON.stringify(jsonSchema);
  let write = writers.get(key);
  if (!write) {
    write = fastJson(jsonSchema as Schema);
    writers.set(key, write);
  }
  return write;
}

/**
 * Answers are written by fast-json-stringify from each route's response schema, converted from zod to JSON Schema
 * once, when the route is registered: a writer compiled per schema, and no second check of what the service has
 * just built (zod's own compiler parsed every answer again before `JSON.stringify`). Like zod's parse, it writes
 * only the properties the schema names, so a field a row carries beyond the contract (a password hash) cannot
 * leak. The contract's answers are plain data, with no transforms or codecs to apply on the way out.
 *
 * `checkAnswers` (the tests) parses each answer with its zod schema first, so an answer that drifts from the
 * contract fails its test with a 500 rather than being written as the schema's writer would coerce it.
 */
export function answerSerializer({ checkAnswers = false } = {}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema }) => {
    const write = writerOf(schema);
    if (!checkAnswers) return write;
    return (data) => {
      schema.parse(data);
      return write(data);
    };
  };
}
