// The fixed list of bicycle standards a part can depend on (COMMERCE.md), each with its allowed
// values and their labels, and the rule "fits my bike". The only place these exist: server, seed
// and browser all read them here (their zod schemas in bike-standard-schemas.ts, kept apart so the
// catalogue's first screen loads no zod).
import { messages } from './messages';

/** Each standard: its label, and its values in the order a select lists them (value → label). */
export const bikeStandards = {
  speeds: {
    label: 'Speeds',
    values: { '7': '7', '8': '8', '9': '9', '10': '10', '11': '11', '12': '12', '13': '13' },
  },
  freehub: {
    label: 'Freehub body',
    values: {
      'shimano-hg': 'Shimano HG',
      'shimano-hg-road-11': 'Shimano HG road 11-speed',
      microspline: 'Shimano Microspline',
      'sram-xd': 'SRAM XD',
      'sram-xdr': 'SRAM XDR',
      campagnolo: 'Campagnolo',
      'campagnolo-n3w': 'Campagnolo N3W',
    },
  },
  bottomBracket: {
    label: 'Bottom bracket shell',
    values: {
      'bsa-68': 'BSA threaded 68 mm',
      'bsa-73': 'BSA threaded 73 mm',
      'italian-70': 'Italian threaded 70 mm',
      t47: 'T47',
      bb86: 'BB86 press-fit',
      bb92: 'BB92 press-fit',
      pf30: 'PF30',
      bb30: 'BB30',
      bb386evo: 'BB386EVO',
    },
  },
  steerer: {
    label: 'Steerer',
    values: {
      'threaded-1': '1" threaded (quill stem)',
      'straight-1-1-8': '1 1/8" straight',
      tapered: 'Tapered 1 1/8"–1.5"',
      'straight-1-5': '1.5" straight',
    },
  },
  frontAxle: {
    label: 'Front axle',
    values: { 'qr-100': 'Quick release 100 mm', '12x100': 'Thru-axle 12x100', '15x110': 'Thru-axle 15x110 Boost' },
  },
  rearAxle: {
    label: 'Rear axle',
    values: {
      'qr-130': 'Quick release 130 mm',
      'qr-135': 'Quick release 135 mm',
      '12x142': 'Thru-axle 12x142',
      '12x148': 'Thru-axle 12x148 Boost',
      '12x157': 'Thru-axle 12x157 Super Boost',
    },
  },
  wheelSize: {
    label: 'Wheel size',
    values: { '622': '700c / 29"', '584': '650b / 27.5"', '559': '26"' },
  },
  brakeType: { label: 'Brakes', values: { rim: 'Rim', disc: 'Disc' } },
  rotorMount: { label: 'Disc rotor mount', values: { '6-bolt': '6-bolt', 'center-lock': 'Center Lock' } },
  caliperMount: { label: 'Brake caliper mount', values: { 'flat-mount': 'Flat mount', 'post-mount': 'Post mount' } },
  seatpost: {
    label: 'Seatpost diameter',
    values: { '27.2': '27.2 mm', '30.9': '30.9 mm', '31.6': '31.6 mm', '34.9': '34.9 mm' },
  },
  handlebarClamp: { label: 'Handlebar clamp', values: { '25.4': '25.4 mm', '31.8': '31.8 mm', '35': '35 mm' } },
} as const;

export type StandardId = keyof typeof bikeStandards;
type StandardValue<S extends StandardId> = keyof (typeof bikeStandards)[S]['values'] & string;

export const standardIds = Object.keys(bikeStandards) as StandardId[];

/** The values of a standard, in the order a select lists them. */
export function valuesOf(standard: StandardId): string[] {
  return Object.keys(bikeStandards[standard].values);
}

export function isStandard(name: string): name is StandardId {
  return Object.hasOwn(bikeStandards, name);
}

export function isValueOf(standard: StandardId, value: string): boolean {
  return Object.hasOwn(bikeStandards[standard].values, value);
}

/** "Shimano HG" for freehub's shimano-hg; the value itself if it is unknown. */
function valueLabel(standard: StandardId, value: string): string {
  const labels: Record<string, string> = bikeStandards[standard].values;
  return labels[value] ?? value;
}

/** The standards a part depends on, each with every value it fits; those it does not name, it does not depend on. */
export type Compatibility = { [S in StandardId]?: Array<StandardValue<S>> };

/** A bike: one value per standard its owner knows; those left out are not recorded. */
export type BikeSpec = { [S in StandardId]?: StandardValue<S> };

/** A bike's standards in the fixed order, so one bike always makes one cache key and one URL. */
export function normalBikeSpec(value: BikeSpec): BikeSpec {
  const normal: Record<string, string> = {};
  for (const standard of standardIds) {
    const item = value[standard];
    if (item !== undefined) normal[standard] = item;
  }
  return normal;
}

/** Why a part does not fit, or cannot be said to fit, one standard of a bike. */
export type FitProblem =
  { kind: 'mismatch'; standard: StandardId; needs: string[]; bikeHas: string } | { kind: 'unknown'; standard: StandardId };

export type Fit = { fits: true; everyBike: boolean } | { fits: false; problems: FitProblem[] };

/**
 * "Fits my bike": for every standard the part names, the bike states a value and it is one of the
 * part's. A standard the bike leaves out means "cannot say"; a part naming none fits every bike.
 * The SQL of domains/catalogue/fits-filter.ts says the same for the catalogue's filters.
 */
export function fitOf(part: Compatibility, bike: BikeSpec): Fit {
  const problems: FitProblem[] = [];
  for (const standard of standardIds) {
    const needs = part[standard] as string[] | undefined;
    if (!needs) continue;
    const bikeHas = bike[standard];
    if (bikeHas === undefined) problems.push({ kind: 'unknown', standard });
    else if (!needs.includes(bikeHas)) problems.push({ kind: 'mismatch', standard, needs, bikeHas });
  }
  if (problems.length > 0) return { fits: false, problems };
  return { fits: true, everyBike: standardIds.every((standard) => part[standard] === undefined) };
}

/** "a Shimano HG or SRAM XD freehub body": the values a part needs, in words. */
function eitherOf(standard: StandardId, values: string[]): string {
  const labels = values.map((value) => valueLabel(standard, value));
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}`;
}

/** One problem in a sentence: "needs a Shimano HG freehub body, yours is SRAM XDR". */
export function describeProblem(problem: FitProblem): string {
  const label = bikeStandards[problem.standard].label;
  if (problem.kind === 'unknown') return messages.fitUnknown(label.toLowerCase());
  return messages.fitMismatch(label, eitherOf(problem.standard, problem.needs), valueLabel(problem.standard, problem.bikeHas));
}

/** A part's compatibility in words, for its page and the audit: "Speeds: 11, 12; Freehub body: SRAM XD". */
export function compatibilityLines(part: Compatibility): Array<{ standard: StandardId; label: string; values: string }> {
  return standardIds
    .filter((standard) => part[standard] !== undefined)
    .map((standard) => ({
      standard,
      label: bikeStandards[standard].label,
      values: ((part[standard] ?? []) as string[]).map((value) => valueLabel(standard, value)).join(', '),
    }));
}

export function describeCompatibility(part: Compatibility): string {
  const lines = compatibilityLines(part);
  return lines.length > 0 ? lines.map((line) => `${line.label}: ${line.values}`).join('; ') : 'fits every bike';
}

// The address form of a bike's standards (?fits=speeds.11_freehub.sram-xdr): only characters that
// URLSearchParams leaves as they are, so a link stays readable; a value may hold dots (27.2), so a
// pair splits at its first dot.
const PAIR_SEPARATOR = '_';

export function bikeSpecToParam(bike: BikeSpec): string {
  return standardIds
    .filter((standard) => bike[standard] !== undefined)
    .map((standard) => `${standard}.${bike[standard] ?? ''}`)
    .join(PAIR_SEPARATOR);
}

/**
 * The bike a ?fits= parameter names; null when it names nothing this shop knows. Checked against
 * the list here rather than with bikeSpecSchema, so the first screen's bundle carries no zod.
 */
export function bikeSpecFromParam(param: string | null): BikeSpec | null {
  if (!param) return null;
  const bike: Record<string, string> = {};
  for (const pair of param.split(PAIR_SEPARATOR)) {
    const dot = pair.indexOf('.');
    const [standard, value] = dot < 0 ? ['', ''] : [pair.slice(0, dot), pair.slice(dot + 1)];
    if (!isStandard(standard) || !isValueOf(standard, value)) return null;
    bike[standard] = value;
  }
  return normalBikeSpec(bike);
}

/** A bike's standards in words, for the filter's chip: "Speeds 11 · Freehub body SRAM XDR". */
export function describeBikeSpec(bike: BikeSpec): string {
  return standardIds
    .filter((standard) => bike[standard] !== undefined)
    .map((standard) => `${bikeStandards[standard].label} ${valueLabel(standard, bike[standard] ?? '')}`)
    .join(' · ');
}
