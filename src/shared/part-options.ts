// The options a part can come in (its variants: speeds, size, colour, length, width) and how a
// variant is named from its part's name and its option values. The one list of option names:
// server, seed and browser read it here (the zod schemas are in part-option-schemas.ts, kept apart
// so the part page's first screen loads no zod). docs/decisions/0052.

/** Each option a variant can name, with its label and how one value of it reads in a name. */
export const partOptions = {
  speeds: { label: 'Speeds', valueText: (value: string) => `${value} speeds` },
  size: { label: 'Size', valueText: (value: string) => `size ${value}` },
  colour: { label: 'Colour', valueText: (value: string) => value },
  length: { label: 'Length', valueText: (value: string) => `${value} long` },
  width: { label: 'Width', valueText: (value: string) => `${value} wide` },
} as const;

export type PartOptionName = keyof typeof partOptions;

export const partOptionNames = Object.keys(partOptions) as [PartOptionName, ...PartOptionName[]];

/** A variant's option values, e.g. { speeds: '12' } or { size: 'M', colour: 'Black' }; {} for a part without options. */
export type OptionValues = Partial<Record<PartOptionName, string>>;

/** The option names a set of values uses, in the fixed list's order. */
export function optionNamesOf(values: OptionValues): PartOptionName[] {
  return partOptionNames.filter((name) => values[name] !== undefined);
}

/** The option values as words ("12 speeds", "size M, Black"); '' for none. */
export function optionValuesText(values: OptionValues): string {
  return optionNamesOf(values)
    .map((name) => partOptions[name].valueText(values[name] ?? ''))
    .join(', ');
}

/** A variant's name: its part's name and its option values ("Cassette — 12 speeds"); the part's name alone without options. */
export function variantName(partName: string, values: OptionValues): string {
  const text = optionValuesText(values);
  return text === '' ? partName : `${partName} — ${text}`;
}
