import type { Response } from 'express';
import type { z } from 'zod';
import { HttpError, sendError } from '../http/errors';

/** Each refused field or parameter, with what is wrong with it. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
}

/** The checked value, or undefined once a 400 naming each refused field was sent. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  res: Response,
  what: string,
): z.infer<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  sendError(res, new HttpError(400, what, { fields: fieldErrors(result.error) }));
  return undefined;
}
