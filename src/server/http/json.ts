// JSON for answers. Values the read cache keeps are frozen and shared by every request that reads
// them, so their JSON is made once per value and reused; everything else is stringified as usual.
const made = new WeakMap<object, string>();

export function stringifyJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return JSON.stringify(value);
  let json = made.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    made.set(value, json);
  }
  return json;
}
