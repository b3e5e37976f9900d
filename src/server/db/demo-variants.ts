// The demo parts' SKUs, and the options two of them come in (docs/decisions/0052): a cassette in
// 11 and 12 speeds, a handlebar in two widths. Each part's stock in DESIGN.md is split between its
// variants and its own row keeps the lowest price, so the catalogue still lists DESIGN.md's figures.
import { eq } from 'drizzle-orm';
import type { OptionValues } from '../../shared/part-options';
import type { Database } from './database';
import type { demoTools } from './demo-data';
import { tools } from './schema';

type DemoPartName = (typeof demoTools)[number]['name'];

interface DemoOptions {
  /** The part's own row, its default variant: its options and the share of the stock it keeps. */
  own: { optionValues: OptionValues; available: number };
  variants: Array<{ sku: string; optionValues: OptionValues; priceCents: number; available: number }>;
}

const demoSkus: Record<DemoPartName, string> = {
  'Bike Headsets': 'HS-118-TAPER',
  'Bike Cassettes & Freewheels': 'CS-11',
  Handlebars: 'HB-318-720',
  'Quill Bike Stems': 'QS-222',
  'Bike Derailleurs': 'RD-10-12',
  'Bicycle Seatposts': 'SP-2BOLT',
};

const demoOptions: Partial<Record<DemoPartName, DemoOptions>> = {
  // 65 in stock (DESIGN.md): 40 in 11 speeds at $49, 25 in 12 speeds at $69.
  'Bike Cassettes & Freewheels': {
    own: { optionValues: { speeds: '11' }, available: 40 },
    variants: [{ sku: 'CS-12', optionValues: { speeds: '12' }, priceCents: 69_00, available: 25 }],
  },
  // 54 in stock (DESIGN.md): 30 at 720 mm wide for $59, 24 at 780 mm for $64.
  Handlebars: {
    own: { optionValues: { width: '720 mm' }, available: 30 },
    variants: [{ sku: 'HB-318-780', optionValues: { width: '780 mm' }, priceCents: 64_00, available: 24 }],
  },
};

/** Gives the demo parts their SKUs and options, once, right after they are inserted. */
export async function seedDemoVariants(tx: Database): Promise<void> {
  for (const [name, sku] of Object.entries(demoSkus)) {
    const options = demoOptions[name as DemoPartName];
    const [part] = await tx
      .update(tools)
      .set({ sku, ...(options ? { optionValues: options.own.optionValues, available: options.own.available } : {}) })
      .where(eq(tools.name, name))
      .returning();
    if (!part || !options) continue;
    await tx.insert(tools).values(
      options.variants.map((variant, index) => ({
        ...variant,
        variantOf: part.id,
        variantPosition: index + 1,
        name: part.name,
        description: part.description,
        img: part.img,
        minimumOrderQuantity: part.minimumOrderQuantity,
      })),
    );
  }
}
