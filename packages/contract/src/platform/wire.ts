import { z } from 'zod';
import { germanIssueMessage, safeParseReporting } from './schema';
import { validationMessages } from './validation';
import type { Right } from './rights';

/**
 * Wire fields: how the specification's client sends values, read in one place for every module.
 * Form fields arrive as strings; JSON-valued fields (dataToSave, data, …) arrive as JSON text, or as
 * values when the body itself is JSON. The web client sends every non-string value as JSON text.
 */

export const wireMessages = {
  invalidJson: 'Ungültiges JSON.',
  invalidId: 'Ungültige Nummer.',
  unknownAction: 'Unbekannte Aktion.',
  invalidAction: 'Ungültige Aktion.',
} as const;

/** Largest record id: PostgreSQL's integer. Larger ids are bad input, never a database error. */
export const MAX_RECORD_ID = 2_147_483_647;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes JSON text; other values pass as they are. Adds the German issue on broken JSON. */
function decodeJson(value: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: wireMessages.invalidJson, input: value });
    return z.NEVER;
  }
}

/** Copies the issues of a nested parse onto the outer context, under `prefix`, in German. */
function forwardIssues(ctx: z.RefinementCtx, error: z.ZodError, prefix: PropertyKey[]): void {
  for (const issue of error.issues) {
    ctx.addIssue({
      code: 'custom',
      message: germanIssueMessage(issue),
      path: [...prefix, ...issue.path],
      input: 'input' in issue ? issue.input : undefined,
    });
  }
}

/**
 * A field that carries JSON text checked against `schema` (an already decoded value is accepted too).
 * Its input type is the decoded value, so the typed web client can send objects. The decoded value is
 * piped into `schema` within the same parse (a nested safeParse per field and call made V8 move its
 * objects to the old generation under load, measured on the calendar's von/bis).
 */
export function jsonField<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>, z.input<T> | string> {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: validationMessages.required, input: value });
        return z.NEVER;
      }
      return decodeJson(value, ctx);
    })
    .pipe(schema) as unknown as z.ZodType<z.output<T>, z.input<T> | string>;
}

function readId(value: unknown, ctx: z.RefinementCtx, allowNew: boolean): number {
  const isEmpty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (isEmpty) {
    if (allowNew) return 0;
    ctx.addIssue({ code: 'custom', message: validationMessages.required, input: value });
    return z.NEVER;
  }
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  const isValid = Number.isInteger(number) && number <= MAX_RECORD_ID && (number > 0 || (allowNew && number === 0));
  if (!isValid) {
    ctx.addIssue({ code: 'custom', message: wireMessages.invalidId, input: value });
    return z.NEVER;
  }
  return number;
}

const recordIdFields = new WeakSet<object>();

/** True for a request field made by recordId/newOrRecordId (the robustness tests send huge ids there). */
export function isRecordIdField(field: unknown): boolean {
  return typeof field === 'object' && field !== null && recordIdFields.has(field);
}

/**
 * An id kept as a number in a settings object (0 = none chosen): an integer from 0 to 2^31−1, else
 * 'Ungültige Nummer.' on its field. For ids read from requests as form values use `recordId`/`newOrRecordId`.
 */
export function storedId(): z.ZodNumber {
  return z
    .number({ error: wireMessages.invalidId })
    .int(wireMessages.invalidId)
    .min(0, wireMessages.invalidId)
    .max(MAX_RECORD_ID, wireMessages.invalidId);
}

/** The id of an existing record: a positive integer up to 2^31−1; numeric strings are read as numbers. */
export function recordId(): z.ZodType<number, number | string> {
  const field = z.unknown().transform((value, ctx) => readId(value, ctx, false));
  recordIdFields.add(field);
  return field as unknown as z.ZodType<number, number | string>;
}

/** The id of a record that may be new: empty, missing, null or 0 mean "new" (0); else as `recordId`. */
export function newOrRecordId(): z.ZodDefault<z.ZodType<number, number | string | null>> {
  const field = z
    .unknown()
    .transform((value, ctx) => readId(value, ctx, true))
    .default(0);
  recordIdFields.add(field);
  return field as unknown as z.ZodDefault<z.ZodType<number, number | string | null>>;
}

// ---------- actions ----------

/** One action of a module's getOrSave call: the schema of its `data` and the rights it needs (any of). */
export interface ActionDefinition<D extends z.ZodType = z.ZodType> {
  data: D;
  /**
   * Further fields of the action beside `data`, at the action's top level on the wire (e.g. the
   * calendar's `ausnahme` of saveTermin). Their issues read `<field>`, those of data `data.<field>`.
   */
  fields?: z.ZodRawShape;
  /** Any one of these rights is needed (containment); omitted: the call's own right suffices. */
  rights?: readonly Right[];
}
export type ActionMap = Record<string, ActionDefinition>;

/** An action without data (e.g. a feed renewal): `data` may be missing or `{}`. */
export const noActionData = z.object({}).optional();

type FieldsOutput<A> = A extends { fields: infer F extends z.ZodRawShape } ? z.output<z.ZodObject<F>> : unknown;
type FieldsInput<A> = A extends { fields: infer F extends z.ZodRawShape } ? z.input<z.ZodObject<F>> : unknown;
type DataInput<D extends z.ZodType> = undefined extends z.input<D> ? { data?: z.input<D> } : { data: z.input<D> };

/** A parsed action: `{type, data}` (type under the set's type key) with the data's output type. */
export type ActionOf<M extends ActionMap, K extends string = 'type'> = {
  [T in keyof M & string]: { [P in K]: T } & { data: z.output<M[T]['data']> } & FieldsOutput<M[T]>;
}[keyof M & string];
/** What a client sends for an action. */
export type ActionInput<M extends ActionMap, K extends string = 'type'> = {
  [T in keyof M & string]: { [P in K]: T } & DataInput<M[T]['data']> & FieldsInput<M[T]>;
}[keyof M & string];

export interface ActionSet<M extends ActionMap = ActionMap, K extends string = string> {
  readonly actions: M;
  readonly types: readonly (keyof M & string)[];
  /** The key that names the action type: 'type' unless the call's wire format says otherwise ('func'). */
  readonly typeKey: K;
  /** The rights an action type needs beyond the call's own (undefined: none). */
  rightsOf(type: string): readonly Right[] | undefined;
  /**
   * The wire field: missing, empty, blank, `null` or `{}` mean "load" (null); anything else must be
   * `{type, data}` of one of the actions. Unknown types and bad data read German.
   */
  readonly field: z.ZodDefault<z.ZodType<ActionOf<M, K> | null, ActionInput<M, K> | string | null>>;
}

const actionSetOfField = new WeakMap<z.ZodType, ActionSet>();

/** The action set behind an action field (for the dispatcher's per-action rights), or undefined. */
export function actionSetOf(field: unknown): ActionSet | undefined {
  return typeof field === 'object' && field !== null ? actionSetOfField.get(field as z.ZodType) : undefined;
}

/**
 * Declares a module's save actions once: their data schemas and rights. `typeKey` names the key of
 * the action type when the wire format is not `{type, data}` (the dashboard's w1: `{func, data}`).
 */
export function defineActions<M extends ActionMap, K extends string = 'type'>(
  actions: M,
  options: { typeKey?: K } = {},
): ActionSet<M, K> {
  const typeKey = (options.typeKey ?? 'type') as K;
  const types = Object.keys(actions) as (keyof M & string)[];
  const field = z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const decoded = decodeJson(value, ctx);
      if (decoded === z.NEVER) return z.NEVER;
      if (decoded === null || (isPlainObject(decoded) && Object.keys(decoded).length === 0)) return null;
      if (!isPlainObject(decoded)) {
        ctx.addIssue({ code: 'custom', message: wireMessages.invalidAction, input: decoded });
        return z.NEVER;
      }
      const type = decoded[typeKey];
      const definition = typeof type === 'string' && Object.hasOwn(actions, type) ? actions[type] : undefined;
      if (!definition) {
        ctx.addIssue({ code: 'custom', message: wireMessages.unknownAction, path: [typeKey], input: type });
        return z.NEVER;
      }
      const parsed = safeParseReporting(definition.data, decoded['data']);
      if (!parsed.success) forwardIssues(ctx, parsed.error, ['data']);
      const fields = definition.fields ? safeParseReporting(z.object(definition.fields), decoded) : null;
      if (fields && !fields.success) forwardIssues(ctx, fields.error, []);
      if (!parsed.success || (fields && !fields.success)) return z.NEVER;
      return { ...(fields?.data ?? {}), [typeKey]: type, data: parsed.data } as ActionOf<M, K>;
    })
    .default(null) as unknown as ActionSet<M, K>['field'];
  const set: ActionSet<M, K> = {
    actions,
    types,
    typeKey,
    rightsOf: (type) => (Object.hasOwn(actions, type) ? actions[type]?.rights : undefined),
    field,
  };
  actionSetOfField.set(field, set as unknown as ActionSet);
  return set;
}
