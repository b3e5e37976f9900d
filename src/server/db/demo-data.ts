// The demo catalogue, reviews and accounts of DESIGN.md, seeded on the first embedded start.

export const DEMO_PASSWORD = 'sprocket123';

export const demoAccounts = [
  { email: 'admin@example.com', displayName: 'Shop Admin', role: 'admin' },
  { email: 'customer@example.com', displayName: 'Casey Customer', role: 'user' },
] as const;

export const demoTools = [
  {
    name: 'Bike Headsets',
    img: '/images/parts/bike-headsets.svg',
    priceCents: 39_00,
    minimumOrderQuantity: 5,
    available: 43,
    description:
      'Sealed cartridge-bearing headsets for 1 1/8" and tapered steerers. Machined alloy cups, stainless bearings and a compression ring that keeps steering smooth for thousands of kilometres.',
  },
  {
    name: 'Bike Cassettes & Freewheels',
    img: '/images/parts/bike-cassettes-freewheels.svg',
    priceCents: 49_00,
    minimumOrderQuantity: 4,
    available: 65,
    description:
      'Hardened steel cassettes and thread-on freewheels from 7 to 12 speeds, with ramped teeth for quick, quiet shifts and a nickel finish that resists corrosion.',
  },
  {
    name: 'Handlebars',
    img: '/images/parts/handlebars.svg',
    priceCents: 59_00,
    minimumOrderQuantity: 12,
    available: 54,
    description:
      '6061 alloy flat, riser and drop handlebars in 31.8 mm clamp diameter. Butted walls save weight while shot-peened clamp zones keep the bar stiff and safe.',
  },
  {
    name: 'Quill Bike Stems',
    img: '/images/parts/quill-bike-stems.svg',
    priceCents: 19_00,
    minimumOrderQuantity: 12,
    available: 12,
    description:
      'Classic forged quill stems for threaded forks, 22.2 mm quill with 25.4 mm bar clamp. Polished finish and a hidden wedge bolt for a clean vintage look.',
  },
  {
    name: 'Bike Derailleurs',
    img: '/images/parts/bike-derailleurs.svg',
    priceCents: 99_00,
    minimumOrderQuantity: 4,
    available: 16,
    description:
      'Rear derailleurs with a clutch-damped cage for 10 to 12 speeds. Sealed pulley bearings and a stiff parallelogram give crisp shifts in mud, dust and rain.',
  },
  {
    name: 'Bicycle Seatposts',
    img: '/images/parts/bicycle-seatposts.svg',
    priceCents: 89_00,
    minimumOrderQuantity: 23,
    available: 54,
    description:
      'Two-bolt alloy and carbon seatposts in 27.2, 30.9 and 31.6 mm. Micro-adjustable saddle clamp and laser-etched height marks make a perfect fit easy.',
  },
] as const;

/**
 * The demo's reviews, each about the demo part it names (`part`), so most demo parts show a rating.
 * The first six were seeded before reviews named parts; an embedded shop seeded then gets them tied
 * to their parts at start (seed.ts).
 */
export const demoReviews = [
  {
    name: 'Maya Chen',
    part: 'Bike Headsets',
    img: '/images/avatars/avatar-1.svg',
    rating: 5,
    text: 'The headsets arrived well packed and fitted first time. Our workshop has used them on forty builds without a single creak.',
  },
  {
    name: 'Tomás Rivera',
    part: 'Bike Cassettes & Freewheels',
    img: '/images/avatars/avatar-2.svg',
    rating: 4,
    text: 'Cassettes shift cleanly and hold up to commuter abuse. Delivery took a day longer than promised, otherwise excellent.',
  },
  {
    name: 'Aisha Bello',
    part: 'Handlebars',
    img: '/images/avatars/avatar-3.svg',
    rating: 5,
    text: 'Ordering in bulk for our rental fleet is simple, and the handlebars are stiffer than the ones we used before.',
  },
  {
    name: 'Lars Eriksen',
    part: 'Quill Bike Stems',
    img: '/images/avatars/avatar-4.svg',
    rating: 5,
    text: 'Quill stems with a proper polished finish are hard to find. These look right on our restored steel frames.',
  },
  {
    name: 'Priya Nair',
    part: 'Bike Derailleurs',
    img: '/images/avatars/avatar-5.svg',
    rating: 4,
    text: 'The derailleurs are crisp and the clutch really keeps the chain quiet on rough trails. Good value for a shop order.',
  },
  {
    name: 'Daniel Okafor',
    part: 'Bicycle Seatposts',
    img: '/images/avatars/avatar-6.svg',
    rating: 5,
    text: 'Seatposts came with clear torque markings and the clamp never slips. Support answered my questions the same day.',
  },
  {
    name: 'Hannah Vogel',
    part: 'Bike Headsets',
    img: '/images/avatars/avatar-2.svg',
    rating: 4,
    text: 'Smooth steering on a tapered fork. Setting the preload takes patience, but it has stayed put since.',
  },
  {
    name: 'Marco Bianchi',
    part: 'Bike Cassettes & Freewheels',
    img: '/images/avatars/avatar-4.svg',
    rating: 5,
    text: 'Fitted a 7-speed freewheel to an old tourer and a 12-speed cassette to my gravel bike. Both shift quietly.',
  },
  {
    name: 'Grace Liu',
    part: 'Handlebars',
    img: '/images/avatars/avatar-1.svg',
    rating: 4,
    text: 'The 31.8 mm riser bar is stiff and the clamp marks make centring easy. A wider choice of rise would be welcome.',
  },
  {
    name: 'Sven Olsen',
    part: 'Bike Derailleurs',
    img: '/images/avatars/avatar-6.svg',
    rating: 3,
    text: 'Shifts well once indexed, but the clutch made the rear wheel fiddly to refit until I learned to lock it open.',
  },
] as const;
