// Inputs for fuzzing, read from a procedure's own zod schema (as JSON Schema, zod's public
// description of it) and biased to the edges: values the schema takes but the code behind it may
// not (a cursor of fifteen nines, the year 9999, the largest quantity), values just outside each
// bound, and values of the wrong kind (an object where a string belongs). A new field or procedure
// is fuzzed without anyone writing its cases.
import fc from 'fast-check';
import { z, type ZodType } from 'zod';

/** The part of JSON Schema that zod writes for the shop's inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
}

/** Values the shop holds (ids, emails), so fuzzed calls reach past "not found" into the rules. */
export interface KnownValues {
  ids: readonly string[];
  emails: readonly string[];
}

/** The input side of a zod schema as JSON Schema; what JSON Schema cannot say (a Buffer) is "anything". */
export function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const LARGE = [2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308];
const SMALL = [0, -0, 1, -1, 0.5, -0.5, 0.01, 0.005, 1e-9, 2.675, Number.MIN_VALUE, Number.EPSILON];
/** Not numbers over JSON (they arrive as null), but a caller may send them all the same. */
const NOT_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

const nines = (count: number) => '9'.repeat(count);
/**
 * Text at the extremes of what code reads from text: numbers past every integer type, and the
 * first, last and impossible days. These come most often, as the faults found so far hid here.
 */
const EXTREME_TEXT = [
  '',
  '0',
  '-1',
  '2147483648',
  nines(15),
  nines(16),
  `${nines(15)}.${nines(15)}`,
  `${nines(15)}.1`,
  `1.${nines(15)}`,
  '0000-01-01',
  '0001-01-01',
  '2026-02-30',
  '9999-12-31',
  '10000-01-01',
];
/** Text at the other edges: number-like words, dates JavaScript reads, ids, odd characters. */
const EDGE_TEXT = [
  ...EXTREME_TEXT,
  ' ',
  '-0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '2147483647',
  '-2147483649',
  '9007199254740993',
  nines(40),
  '2147483648.1',
  '0.0',
  '1969-12-31',
  '1970-01-01',
  '2024-02-29',
  '2026-13-01',
  '9999-12-30',
  '+010000-01-01',
  '2026-01-01T00:00:00Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'null',
  'undefined',
  '__proto__',
  '[object Object]',
  "' or '1'='1",
  'é',
  '🚲'.repeat(60),
  'x\u0000y',
  '\u202Eevil',
  '\uFEFF',
  '\uD800',
  'a'.repeat(5000),
];

/** Values of the wrong kind, for any field. */
const misfit: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, { $gt: '' }, [[[['x']]]], { toString: 'x' }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.constantFrom(...LARGE, ...SMALL),
  fc.constantFrom(...EDGE_TEXT),
);

/** How often a field gets a value of the wrong kind instead of one of its own. */
const MISFIT_WEIGHT = 1;
const FITTING_WEIGHT = 9;

function numbers(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? schema.exclusiveMinimum ?? -(2 ** 31);
  const high = schema.maximum ?? schema.exclusiveMaximum ?? 2 ** 31;
  const bounds = [low, high, low - 1, high + 1, low + 0.5, high - 0.01, high + 0.01];
  const inside = integer
    ? fc.integer({ min: Math.max(low, Number.MIN_SAFE_INTEGER), max: Math.min(high, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: low, max: high, noNaN: true });
  return fc.oneof(fc.constantFrom(...bounds, ...LARGE, ...SMALL, ...NOT_FINITE), inside);
}

/** Text matching a pattern; building one costs tens of milliseconds, so each pattern's is kept. */
const matching = new Map<string, fc.Arbitrary<string>>();
function textMatching(pattern: string): fc.Arbitrary<string> {
  const kept = matching.get(pattern) ?? fc.stringMatching(new RegExp(pattern, 'u'), { size: 'small' });
  matching.set(pattern, kept);
  return kept;
}

function strings(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern, 'u');
  const takes = (text: string) => !pattern || pattern.test(text);
  const lengths = [schema.minLength, schema.maxLength].filter((length): length is number => length !== undefined);
  const atLengths = lengths.flatMap((length) => ['x', '9'].flatMap((char) => [char.repeat(length), char.repeat(length + 1)]));
  const edges = [...known.ids, ...known.emails, ...EDGE_TEXT, ...atLengths];
  const extremes = [...known.ids, ...known.emails, ...EXTREME_TEXT, ...atLengths].filter(takes);
  const taken = edges.filter(takes);
  const free = schema.pattern ? textMatching(schema.pattern) : fc.string({ unit: 'grapheme', maxLength: 40 });
  // Mostly the extremes the pattern takes, then the other edges it takes; also any edge case and
  // any text, which must be refused well.
  return fc.oneof(
    ...(extremes.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...extremes) }] : []),
    ...(taken.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...taken) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
    { weight: 1, arbitrary: free },
  );
}

function objects(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  // A required field is left out now and then; an optional one a time in four.
  const fields = properties.map(([key, property]) =>
    fc.option(edgeValue(property, known), { nil: undefined, freq: required.has(key) ? 12 : 4 }).map((value) => [key, value] as const),
  );
  const independent = fc.tuple(...fields).map((entries) => fromEntries(entries));
  // Every text field the same value: a range from 9999-12-31 to 9999-12-31, an id in every slot.
  const textKeys = properties.filter(([, property]) => kinds(property).includes('string')).map(([key]) => key);
  const sameText = fc
    .tuple(independent, sameTextEverywhere(known))
    .map(([base, text]) => ({ ...base, ...Object.fromEntries(textKeys.map((key) => [key, text])) }));
  return textKeys.length > 1 ? fc.oneof({ weight: 4, arbitrary: independent }, { weight: 1, arbitrary: sameText }) : independent;
}

/** One text for several fields at once: an extreme, or a value the shop holds. */
export function sameTextEverywhere(known: KnownValues): fc.Arbitrary<string> {
  return fc.constantFrom(...EXTREME_TEXT, ...known.ids, ...known.emails);
}

function fromEntries(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

function kinds(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(kinds);
  return schema.type === undefined ? [] : [schema.type].flat();
}

/** A value the schema describes, at its edges, or now and then a value of the wrong kind. */
export function edgeValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: FITTING_WEIGHT, arbitrary: fittingValue(schema, known) }, { weight: MISFIT_WEIGHT, arbitrary: misfit });
}

function fittingValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => fittingValue(option, known)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) {
    const texts = schema.enum.filter((value): value is string => typeof value === 'string');
    const variants = fc.constantFrom(...texts.map((text) => text.toUpperCase()), `${texts[0]} `);
    return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: variants });
  }
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => fittingValue({ ...schema, type }, known)));
  switch (schema.type) {
    case 'object':
      return objects(schema, known);
    case 'array': {
      const most = (schema.maxItems ?? 10) + 1;
      const item = schema.items ? edgeValue(schema.items, known) : misfit;
      return fc.oneof(fc.array(item, { maxLength: Math.min(most, 4) }), fc.array(item, { minLength: most, maxLength: most }));
    }
    case 'string':
      return strings(schema, known);
    case 'integer':
      return numbers(schema, true);
    case 'number':
      return numbers(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // Anything at all (zod's "unrepresentable"): any JSON value, or any wrong kind.
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), misfit);
  }
}

/**
 * A path segment as a careless client sends it: percent-encoded, with a lone surrogate (one of the
 * edge texts) sent as its three bytes (WTF-8), which is not UTF-8. encodeURIComponent throws on one,
 * so a fuzzer that used it alone would fail itself rather than ask the server.
 */
export function pathSegment(text: string): string {
  return Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}
