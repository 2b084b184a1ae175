import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

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
    const write = fastJson(
      z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Schema,
    );
    if (!checkAnswers) return write;
    return (data) => {
      schema.parse(data);
      return write(data);
    };
  };
}
