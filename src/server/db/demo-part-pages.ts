// The demo parts' specifications tables, each row read from the part's description (demo-data.ts)
// and nothing made up, and their galleries: the cover alone, described by the part's name.
import { eq } from 'drizzle-orm';
import type { Specification } from '../../shared/part-specifications';
import type { Database } from './database';
import type { demoTools } from './demo-data';
import { partImages, tools } from './schema';

type DemoPartName = (typeof demoTools)[number]['name'];

const demoSpecifications: Record<DemoPartName, Specification[]> = {
  'Bike Headsets': [
    { name: 'Steerer', value: '1 1/8" straight or tapered' },
    { name: 'Bearings', value: 'Sealed cartridge, stainless steel' },
    { name: 'Cups', value: 'Machined alloy' },
    { name: 'Preload', value: 'Compression ring' },
  ],
  'Bike Cassettes & Freewheels': [
    { name: 'Speeds', value: '7 to 12' },
    { name: 'Types', value: 'Cassettes and thread-on freewheels' },
    { name: 'Material', value: 'Hardened steel' },
    { name: 'Teeth', value: 'Ramped for quick, quiet shifts' },
    { name: 'Finish', value: 'Nickel, corrosion resistant' },
  ],
  Handlebars: [
    { name: 'Material', value: '6061 aluminium alloy' },
    { name: 'Clamp diameter', value: '31.8 mm' },
    { name: 'Shapes', value: 'Flat, riser and drop' },
    { name: 'Walls', value: 'Butted, shot-peened clamp zones' },
  ],
  'Quill Bike Stems': [
    { name: 'Construction', value: 'Forged' },
    { name: 'Fork', value: 'Threaded' },
    { name: 'Quill diameter', value: '22.2 mm' },
    { name: 'Bar clamp', value: '25.4 mm' },
    { name: 'Finish', value: 'Polished' },
    { name: 'Fixing', value: 'Hidden wedge bolt' },
  ],
  'Bike Derailleurs': [
    { name: 'Position', value: 'Rear' },
    { name: 'Speeds', value: '10 to 12' },
    { name: 'Cage', value: 'Clutch-damped' },
    { name: 'Pulleys', value: 'Sealed bearings' },
  ],
  'Bicycle Seatposts': [
    { name: 'Diameters', value: '27.2, 30.9 and 31.6 mm' },
    { name: 'Materials', value: 'Alloy or carbon' },
    { name: 'Saddle clamp', value: 'Two-bolt, micro-adjustable' },
    { name: 'Height marks', value: 'Laser-etched' },
  ],
};

/** Gives each demo part its specifications and its gallery; run with the demo catalogue, on an empty shop. */
export async function seedDemoPartPages(tx: Database): Promise<void> {
  for (const [name, specifications] of Object.entries(demoSpecifications)) {
    await tx.update(tools).set({ specifications }).where(eq(tools.name, name));
  }
  const parts = await tx.select({ id: tools.id, name: tools.name, img: tools.img }).from(tools);
  await tx.insert(partImages).values(parts.map((part) => ({ toolId: part.id, position: 0, path: part.img, alt: part.name })));
}
