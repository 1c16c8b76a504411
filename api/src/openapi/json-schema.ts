import { z } from 'zod';
import type { JsonSchema } from '../http/openapi-types';

export type { JsonSchema };

/** Keywords of a pipe's output that also hold for its input (a trimmed string must still be an email). */
const OUTPUT_CHECKS = ['pattern', 'enum'] as const;

/**
 * The JSON Schema of an answer the API sends (`io: 'output'`), or of what a client sends
 * (`'input'`): defaults make fields optional and a transform's input is described. A pipe into a
 * checking schema (`trim().pipe(z.email())`, `toUpperCase().pipe(z.enum(...))`) is described by
 * its input, which zod reduces to "a string"; the output's pattern or enum is added, so the
 * document names the canonical form the server accepts. A string format is added as the regular
 * expression zod checks it with, without the format's name: a validator's own idea of "email"
 * differs (RFC 5321 limits the part before the @ to 64 characters, zod does not). Refinements
 * (the shared text rules) have no JSON Schema form; the document states them in words.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    override: ({ zodSchema, jsonSchema }) => {
      // zod's public classes, not its internals (`_zod.def`), which may change between versions.
      if (io !== 'input' || !(zodSchema instanceof z.ZodPipe) || zodSchema.out instanceof z.ZodTransform) return;
      const output = z.toJSONSchema(zodSchema.out, { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
      const target = jsonSchema as JsonSchema;
      for (const keyword of OUTPUT_CHECKS) if (keyword in output) target[keyword] = output[keyword];
    },
  });
  return json as JsonSchema;
}
