import {
  fileMatchesRule,
  fileRuleOf,
  type CallRequestInput,
  type CallReplyOutput,
  type CallSpec,
  type FileRule,
} from '@hortus/contract';
import { encodeCallFields } from '@hortus/contract/call-encoding';
import { call, type CallOptions } from './client';
import { ApiError } from './errors';

/** The request fields of a call that take a file (multipart parts). */
export type FileFieldsOf<S extends CallSpec> = {
  [K in keyof CallRequestInput<S>]-?: NonNullable<CallRequestInput<S>[K]> extends { filename: string; path: string }
    ? K
    : never;
}[keyof CallRequestInput<S>] &
  string;

/** The rule (accepted types, German message) of an upload field of a call, from the contract. */
export function uploadRule<S extends CallSpec>(spec: S, field: FileFieldsOf<S>): FileRule | undefined {
  return fileRuleOf((spec.request.shape as Record<string, unknown>)[field]);
}

/**
 * A multipart call: the call's other fields (typed by its spec, JSON-valued ones given as values) and its
 * files by field name. A file the field's rule does not take is refused before anything is sent, with
 * the rule's German message on that field (an ApiError 'validationError', as the server would answer).
 */
export function upload<S extends CallSpec>(
  spec: S,
  fields: Omit<CallRequestInput<S>, FileFieldsOf<S>>,
  files: Partial<Record<FileFieldsOf<S>, File>>,
  options?: CallOptions,
): Promise<CallReplyOutput<S>> {
  for (const [name, file] of Object.entries(files) as [FileFieldsOf<S>, File | undefined][]) {
    const rule = uploadRule(spec, name);
    if (file && rule && !fileMatchesRule(rule, file.type)) {
      return Promise.reject(new ApiError('validationError', rule.message, 400, { [name]: [rule.message] }));
    }
  }
  const body = new FormData();
  for (const [name, value] of Object.entries(encodeCallFields(fields as Record<string, unknown>)))
    body.set(name, value);
  for (const [name, file] of Object.entries(files) as [string, File | undefined][]) {
    if (file) body.set(name, file, file.name);
  }
  return call(spec, body, options);
}
