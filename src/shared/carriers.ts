// The carriers the shop ships with and where a customer follows a parcel of each: the tracking
// number goes into the carrier's own tracking page. A fixed list, so every link the shop prints is
// one of these addresses.
import { z } from 'zod';

export const carrierIds = ['dhl', 'dpd', 'ups', 'gls', 'deutsche_post', 'fedex'] as const;
export type CarrierId = (typeof carrierIds)[number];

interface Carrier {
  name: string;
  /** The tracking page, with `{n}` where the tracking number goes. */
  trackingUrlTemplate: string;
}

export const carriers: Record<CarrierId, Carrier> = {
  dhl: { name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode={n}' },
  dpd: { name: 'DPD', trackingUrlTemplate: 'https://tracking.dpd.de/status/de_DE/parcel/{n}' },
  ups: { name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={n}' },
  gls: { name: 'GLS', trackingUrlTemplate: 'https://gls-group.com/DE/de/paketverfolgung?match={n}' },
  deutsche_post: {
    name: 'Deutsche Post',
    trackingUrlTemplate: 'https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode={n}',
  },
  fedex: { name: 'FedEx', trackingUrlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
};

export function isCarrierId(value: string): value is CarrierId {
  return (carrierIds as readonly string[]).includes(value);
}

/** The carrier's tracking page for the parcel; the number is URL-encoded, whatever it holds. */
export function trackingUrl(carrier: CarrierId, trackingNumber: string): string {
  return carriers[carrier].trackingUrlTemplate.replace('{n}', encodeURIComponent(trackingNumber));
}

export const carrierSchema = z.enum(carrierIds, { error: 'Choose one of the carriers the shop ships with.' });

/** Carriers' numbers are letters and digits, sometimes grouped with spaces or dashes. */
export const trackingNumberSchema = z
  .string()
  .trim()
  .min(4, 'A tracking number has at least 4 characters.')
  .max(40, 'A tracking number has at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'A tracking number has letters, digits, spaces and dashes only.');
