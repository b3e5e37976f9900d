// The fits rule and the shapes a bike and a part's compatibility may take, as the server, the part
// page and the catalogue's address all read them.
import { describe, expect, it } from 'vitest';
import { bikeSpecSchema, compatibilitySchema } from './bike-standard-schemas';
import {
  bikeSpecFromParam,
  bikeSpecToParam,
  describeBikeSpec,
  describeCompatibility,
  describeProblem,
  fitOf,
  type BikeSpec,
} from './bike-standards';
import { messages } from './messages';

const gravel: BikeSpec = { speeds: '12', freehub: 'sram-xdr', seatpost: '27.2', handlebarClamp: '31.8' };

describe('fitOf', () => {
  it('fits when the bike’s value is any one of several the part names', () => {
    expect(fitOf({ speeds: ['11', '12'] }, gravel)).toEqual({ fits: true, everyBike: false });
    expect(fitOf({ speeds: ['11', '12'] }, { ...gravel, speeds: '11' })).toEqual({ fits: true, everyBike: false });
  });

  it('does not fit when one named standard differs, naming each mismatch with what the part needs', () => {
    const fit = fitOf({ speeds: ['10', '11'], freehub: ['shimano-hg'], seatpost: ['27.2'] }, gravel);
    expect(fit).toEqual({
      fits: false,
      problems: [
        { kind: 'mismatch', standard: 'speeds', needs: ['10', '11'], bikeHas: '12' },
        { kind: 'mismatch', standard: 'freehub', needs: ['shimano-hg'], bikeHas: 'sram-xdr' },
      ],
    });
    if (fit.fits) return;
    expect(fit.problems.map(describeProblem)).toEqual([
      'Speeds: needs 10 or 11, yours is 12',
      'Freehub body: needs Shimano HG, yours is SRAM XDR',
    ]);
  });

  it('cannot say when the bike does not record a standard the part names', () => {
    const fit = fitOf({ bottomBracket: ['bsa-68', 't47'], speeds: ['12'] }, gravel);
    expect(fit).toEqual({ fits: false, problems: [{ kind: 'unknown', standard: 'bottomBracket' }] });
    if (!fit.fits) expect(describeProblem(fit.problems[0]!)).toBe('Check: your bike’s bottom bracket shell is not recorded');
  });

  it('fits every bike, even one with nothing recorded, when the part names no standard', () => {
    expect(fitOf({}, {})).toEqual({ fits: true, everyBike: true });
    expect(fitOf({}, gravel)).toEqual({ fits: true, everyBike: true });
  });
});

describe('the schemas', () => {
  it('refuse an unknown standard or value by name', () => {
    expect(compatibilitySchema.safeParse({ gears: ['11'] }).error?.issues[0]?.message).toBe(messages.standardUnknown('gears'));
    expect(compatibilitySchema.safeParse({ speeds: ['11', '14'] }).error?.issues[0]?.message).toBe(
      messages.standardValueUnknown('speeds', '14'),
    );
    expect(compatibilitySchema.safeParse({ speeds: [] }).error?.issues[0]?.message).toBe(messages.compatibilityEmptyStandard);
    expect(bikeSpecSchema.safeParse({ wheelSize: '700' }).error?.issues[0]?.message).toBe(
      messages.standardValueUnknown('wheelSize', '700'),
    );
    expect(bikeSpecSchema.safeParse({ toString: '1' }).success).toBe(false);
  });

  it('keep one order and each value once, so one part or bike reads one way', () => {
    expect(compatibilitySchema.parse({ speeds: ['12', '11', '12'], brakeType: ['disc'] })).toEqual({
      speeds: ['11', '12'],
      brakeType: ['disc'],
    });
    expect(Object.keys(bikeSpecSchema.parse({ seatpost: '27.2', speeds: '11' }))).toEqual(['speeds', 'seatpost']);
  });
});

describe('the address form', () => {
  it('carries a bike through ?fits= and back, values with dots included', () => {
    const param = bikeSpecToParam(gravel);
    expect(param).toBe('speeds.12_freehub.sram-xdr_seatpost.27.2_handlebarClamp.31.8');
    expect(bikeSpecFromParam(param)).toEqual(gravel);
  });

  it('reads nothing from an address naming no known standard or value', () => {
    expect(bikeSpecFromParam(null)).toBeNull();
    expect(bikeSpecFromParam('speeds.99')).toBeNull();
    expect(bikeSpecFromParam('nonsense')).toBeNull();
  });

  it('describes a bike and a part in words', () => {
    expect(describeBikeSpec({ speeds: '11', wheelSize: '622' })).toBe('Speeds 11 · Wheel size 700c / 29"');
    expect(describeCompatibility({ speeds: ['11', '12'], freehub: ['sram-xd', 'sram-xdr'] })).toBe(
      'Speeds: 11, 12; Freehub body: SRAM XD, SRAM XDR',
    );
    expect(describeCompatibility({})).toBe('fits every bike');
  });
});
