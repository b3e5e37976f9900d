// The demo parts' compatibility, read from their names and descriptions, and the demo customer's
// saved bike. The Gravel bike (12-speed SRAM, XDR freehub, 1 1/8"–1.5" tapered steerer, 31.8 mm bar,
// 27.2 mm post) is chosen so some parts fit it and some do not, each for a reason a rider knows.
import { eq } from 'drizzle-orm';
import type { BikeSpec, Compatibility } from '../../shared/bike-standards';
import type { Database } from './database';
import type { demoAccounts, demoTools } from './demo-data';
import { bikes, tools, users } from './schema';

type DemoPartName = (typeof demoTools)[number]['name'];

const demoCompatibility: Record<DemoPartName, Compatibility> = {
  // "for 1 1/8" and tapered steerers"
  'Bike Headsets': { steerer: ['straight-1-1-8', 'tapered'] },
  // "cassettes and thread-on freewheels from 7 to 12 speeds": Shimano-spline cassettes (HG, the
  // road 11-speed body, Microspline for 12-speed MTB); SRAM's XD/XDR cassettes are not among them.
  'Bike Cassettes & Freewheels': {
    speeds: ['7', '8', '9', '10', '11', '12'],
    freehub: ['shimano-hg', 'shimano-hg-road-11', 'microspline'],
  },
  // "in 31.8 mm clamp diameter"
  Handlebars: { handlebarClamp: ['31.8'] },
  // "for threaded forks, 22.2 mm quill with 25.4 mm bar clamp": a 22.2 mm quill fits 1" threaded steerers.
  'Quill Bike Stems': { steerer: ['threaded-1'], handlebarClamp: ['25.4'] },
  // "for 10 to 12 speeds"
  'Bike Derailleurs': { speeds: ['10', '11', '12'] },
  // "in 27.2, 30.9 and 31.6 mm"
  'Bicycle Seatposts': { seatpost: ['27.2', '30.9', '31.6'] },
};

export const demoBike: { owner: (typeof demoAccounts)[number]['email']; name: string; standards: BikeSpec } = {
  owner: 'customer@example.com',
  name: 'Gravel bike',
  standards: {
    speeds: '12',
    freehub: 'sram-xdr',
    bottomBracket: 'bsa-68',
    steerer: 'tapered',
    frontAxle: '12x100',
    rearAxle: '12x142',
    wheelSize: '622',
    brakeType: 'disc',
    rotorMount: 'center-lock',
    caliperMount: 'flat-mount',
    seatpost: '27.2',
    handlebarClamp: '31.8',
  },
};

/** Gives each demo part its compatibility; run with the demo catalogue, on an empty shop. */
export async function seedDemoCompatibility(tx: Database): Promise<void> {
  for (const [name, compatibility] of Object.entries(demoCompatibility)) {
    await tx.update(tools).set({ compatibility }).where(eq(tools.name, name));
  }
}

/** Saves the demo customer's bike; run with the demo accounts. */
export async function seedDemoBike(tx: Database): Promise<void> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demoBike.owner));
  if (owner) await tx.insert(bikes).values({ userId: owner.id, name: demoBike.name, standards: demoBike.standards });
}
