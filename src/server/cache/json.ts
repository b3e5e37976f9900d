// JSON for answers. Values the read cache keeps are frozen and shared by every request that reads
// them, so the JSON of a frozen object is made once and reused for as long as the object lives
// (a WeakMap: it keeps nothing alive itself); everything else is stringified as usual.
const made = new WeakMap<object, string>();

/** JSON.stringify, made once per frozen object; undefined for what JSON cannot show. */
export function stringifyJson(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) {
    return JSON.stringify(value);
  }
  let json = made.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    made.set(value, json);
  }
  return json;
}
