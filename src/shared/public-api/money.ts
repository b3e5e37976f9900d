// Money in the public API: decimal amounts in the shop's currency, to the cent (12.5 is 12.50),
// as the SPEC's REST paths and the shop's own pages show them (docs/decisions/0055).
import { z } from 'zod';

export function moneySchema(description: string) {
  return z.number().meta({ description: `${description} Decimal amount in the shop's currency, to the cent.`, example: 49.9 });
}
