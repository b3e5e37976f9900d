// The demo catalogue's category tree, with each demo part in the category it belongs to. Seeded with
// the demo catalogue; categories without a demo part (Chains, Wheels, Tools) show a shop's whole
// range as a real one would lay it out.
import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Database } from './database';
import type { demoTools } from './demo-data';
import { categories, tools } from './schema';

type DemoPartName = (typeof demoTools)[number]['name'];

interface DemoCategory {
  name: string;
  slug: string;
  parts?: DemoPartName[];
  children?: DemoCategory[];
}

const demoCategories: DemoCategory[] = [
  {
    name: 'Drivetrain',
    slug: 'drivetrain',
    children: [
      { name: 'Cassettes & Freewheels', slug: 'cassettes-freewheels', parts: ['Bike Cassettes & Freewheels'] },
      { name: 'Chains', slug: 'chains' },
      { name: 'Derailleurs', slug: 'derailleurs', parts: ['Bike Derailleurs'] },
    ],
  },
  {
    name: 'Cockpit',
    slug: 'cockpit',
    children: [
      { name: 'Handlebars', slug: 'handlebars', parts: ['Handlebars'] },
      { name: 'Headsets', slug: 'headsets', parts: ['Bike Headsets'] },
      { name: 'Stems', slug: 'stems', parts: ['Quill Bike Stems'] },
    ],
  },
  { name: 'Seatposts & Saddles', slug: 'seatposts-saddles', parts: ['Bicycle Seatposts'] },
  { name: 'Wheels', slug: 'wheels' },
  { name: 'Tools', slug: 'tools' },
];

/**
 * Inserts the tree and puts the demo parts without a category in theirs, unless the shop already
 * has categories: an admin's own tree is never touched.
 */
export async function seedDemoCategories(tx: Database): Promise<void> {
  const [existing] = await tx.select({ categories: count() }).from(categories);
  if ((existing?.categories ?? 0) > 0) return;
  const insertLevel = async (level: DemoCategory[], parentId: string | null) => {
    for (const [position, category] of level.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ name: category.name, slug: category.slug, parentId, position })
        .returning({ id: categories.id });
      if (!row) throw new Error(`Inserting the demo category ${category.name} returned no row`);
      if (category.parts) {
        await tx
          .update(tools)
          .set({ categoryId: row.id })
          .where(and(inArray(tools.name, category.parts), isNull(tools.categoryId)));
      }
      await insertLevel(category.children ?? [], row.id);
    }
  };
  await insertLevel(demoCategories, null);
}
